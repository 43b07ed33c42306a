import { Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { InsightEditor } from './insight-editor';
import { InsightList } from './insight-list';

type InsightsPanelProps = {
  testId: number;
  /** On a participant's page: that participant's significant points can be linked. */
  participantId?: number;
};

/**
 * The researchers' insights of a test (spec 2 participant detail): a list mode that creates an
 * insight from its title, and a detail mode that edits one. AI text for its fields comes with the
 * AI issue; the fields are typed by hand until then.
 */
export function InsightsPanel({ testId, participantId }: InsightsPanelProps) {
  const [openId, setOpenId] = useState<number | null>(null);
  return (
    <Stack gap="sm" component="section" aria-labelledby="insights-panel-title">
      <Title order={2} fz="lg" id="insights-panel-title">
        Insights
      </Title>
      {openId === null ? (
        <InsightList testId={testId} onOpen={setOpenId} />
      ) : (
        <InsightEditor
          key={openId}
          testId={testId}
          insightId={openId}
          participantId={participantId}
          onBack={() => setOpenId(null)}
        />
      )}
    </Stack>
  );
}
