import type { ParticipantQuality } from '@limbus/contract';
import { Switch, Text } from '@mantine/core';
import { isApiError } from '../../../api';
import { useSetExcludedFromMetrics } from '../api';

/**
 * 'Count in the metrics': off leaves the participant out of the page, tag and video metrics and
 * the gaze heatmaps (the server recomputes them in the background).
 */
export function ExclusionSwitch({
  testId,
  quality,
  label,
  onSaved,
}: {
  testId: number;
  quality: ParticipantQuality;
  label: string;
  /** Called once the server has the change (e.g. to read results that depend on it again). */
  onSaved?: () => void;
}) {
  const update = useSetExcludedFromMetrics(testId);
  const counted = update.isPending ? !(update.variables?.excluded ?? false) : !quality.excluded_from_metrics;
  return (
    <div>
      <Switch
        label={label}
        checked={counted}
        disabled={update.isPending}
        onChange={(event) =>
          update.mutate(
            { id: quality.participant_id, excluded: !event.currentTarget.checked },
            { onSuccess: onSaved },
          )
        }
      />
      {update.isError ? (
        <Text size="xs" c="red" role="alert">
          {isApiError(update.error)
            ? update.error.message
            : 'The change could not be saved; please try again.'}
        </Text>
      ) : null}
    </div>
  );
}
