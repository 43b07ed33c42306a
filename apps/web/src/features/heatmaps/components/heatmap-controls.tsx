import type { HeatmapKind } from '@limbus/contract';
import { Group, NativeSelect, Radio } from '@mantine/core';
import { memo } from 'react';
import type { FirstSecondsChoice } from '../api';
import { type HeatmapView, VIEW_NAMES } from './use-overlay';

/** Spec 3 §2: 'First x seconds' of each visit. */
const FIRST_SECONDS: { value: FirstSecondsChoice; label: string }[] = [
  { value: 'all', label: 'All' },
  ...(['1', '2', '5', '10', '20', '30', '60'] as const).map((value) => ({ value, label: `${value} s` })),
];

const VIEWS = Object.entries(VIEW_NAMES).map(([value, label]) => ({ value, label }));

type Props = {
  view: HeatmapView;
  kind: HeatmapKind;
  firstSeconds: FirstSecondsChoice;
  onView: (view: HeatmapView) => void;
  onKind: (kind: HeatmapKind) => void;
  onFirstSeconds: (firstSeconds: FirstSecondsChoice) => void;
};

/**
 * What the heatmap shows: the view, gaze or clicks, and the first seconds of each visit. Native
 * selects and radios: no popovers or measured indicators to render, and a phone's own picker. Memoised, so
 * that the data arriving for the heatmap does not render them again.
 */
export const HeatmapControls = memo(function HeatmapControls({
  view,
  kind,
  firstSeconds,
  onView,
  onKind,
  onFirstSeconds,
}: Props) {
  return (
    <>
      <NativeSelect
        label="View"
        data={VIEWS}
        value={view}
        onChange={(event) => onView(event.currentTarget.value as HeatmapView)}
      />
      {view === 'heatmap' ? (
        <Radio.Group label="What to show" value={kind} onChange={(value) => onKind(value as HeatmapKind)}>
          <Group gap="lg" mt={4}>
            <Radio value="gaze" label="Gaze" />
            <Radio value="clicks" label="Clicks" />
          </Group>
        </Radio.Group>
      ) : null}
      {view !== 'scroll' ? (
        <NativeSelect
          label="First x seconds"
          description="Counted from the start of each visit"
          data={FIRST_SECONDS}
          value={firstSeconds}
          onChange={(event) => onFirstSeconds(event.currentTarget.value as FirstSecondsChoice)}
        />
      ) : null}
    </>
  );
});
