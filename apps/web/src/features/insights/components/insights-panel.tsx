import type { Insight, TestDetail } from '@limbus/contract';
import { Stack, Title } from '@mantine/core';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { PageLoader } from '../../../ui';
import { InsightList } from './insight-list';

// Loaded when an insight is opened: its rich-text fields (tiptap, ~470 KB) would otherwise come
// with every screen that shows the panel's module, a client's recording replay among them.
const InsightEditor = lazy(() =>
  import('./insight-editor').then((module) => ({ default: module.InsightEditor })),
);

type InsightsPanelProps = {
  /** The test: the Insights PDF carries its name and its company's. */
  test: Pick<TestDetail, 'id' | 'name' | 'company' | 'translation' | 'translation_language'>;
  /** On a participant's page: that participant's significant points can be linked. */
  participantId?: number;
  /** The insight open on arrival (the research insights screen's ?open={insightId}). */
  initialOpenId?: number | null;
  /** What the page adds under an open insight's form (the research area's evidence reel). */
  insightExtras?: (insight: Insight) => ReactNode;
};

/**
 * The researchers' insights of a test (spec 2 participant detail, spec 3 §2): a list mode with
 * the client's insight cards, the Insights PDF and a title input that creates an insight, and a
 * detail mode that edits one. AI text for its fields comes with the
 * AI issue; the fields are typed by hand until then.
 */
export function InsightsPanel({
  test,
  participantId,
  initialOpenId = null,
  insightExtras,
}: InsightsPanelProps) {
  const [openId, setOpenId] = useState<number | null>(initialOpenId);
  return (
    <Stack gap="sm" component="section" aria-labelledby="insights-panel-title">
      <Title order={2} fz="lg" id="insights-panel-title">
        Insights
      </Title>
      {openId === null ? (
        <InsightList test={test} onOpen={setOpenId} participantId={participantId} />
      ) : (
        <Suspense fallback={<PageLoader />}>
          <InsightEditor
            key={openId}
            testId={test.id}
            insightId={openId}
            participantId={participantId}
            onBack={() => setOpenId(null)}
            extras={insightExtras}
          />
        </Suspense>
      )}
    </Stack>
  );
}
