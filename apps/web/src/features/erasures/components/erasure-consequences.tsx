import { List, Text } from '@mantine/core';

/** What an erasure removes and recomputes, as the confirmations say it (docs/data-rights.md). */
export function ErasureConsequences() {
  return (
    <>
      <Text size="sm">This removes, for good, everything held about this participant:</Text>
      <List size="sm" spacing={4}>
        <List.Item>the EEG/emotion, gaze and mouse/touch streams, cached copies included</List.Item>
        <List.Item>the screen recording and its section clips, uploads and ingestion batches</List.Item>
        <List.Item>significant points, sections, questionnaire answers and consent records</List.Item>
        <List.Item>queued work that names the participant</List.Item>
      </List>
      <Text size="sm">
        Page and tag metrics, the video aggregate and heatmap, norms and benchmarks are recomputed without
        them. Insights that cite their moments lose those citations and are marked 'Evidence withdrawn'; the
        insights themselves stay. The erasure ends with a check of every table and stored file, and a receipt.
      </Text>
    </>
  );
}
