import { VIDEO_RESULT_MESSAGES, type VideoResults } from '@limbus/contract';
import { Anchor, Button, Card, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconFileDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorAlert, EvidenceLayout } from '../../../ui';
import { useCohort } from '../../cohorts';
import { useLoadedTest } from '../../test-results';
import { useVideoResults } from '../api';
import { type WhoWatchedStat, whoWatched } from '../summary-report';
import { useSummaryPdf } from '../use-summary-pdf';
import { ResultsGate, useScenesPath } from './results-gate';
import { SceneStrip } from './scene-strip';
import { useVideoStage, VideoStage } from './video-stage';

function Stat({ label, value, note }: WhoWatchedStat) {
  return (
    <Card withBorder padding="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={22} fw={700}>
        {value}
      </Text>
      {note ? (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      ) : null}
    </Card>
  );
}

function Stats({ stats }: { stats: VideoResults['stats'] }) {
  const cohort = useCohort();
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} component="section" aria-label="Who watched">
      {whoWatched(stats, cohort).map((stat) => (
        <Stat key={stat.label} {...stat} />
      ))}
    </SimpleGrid>
  );
}

function ConsultantSummary({ results }: { results: VideoResults }) {
  const test = useLoadedTest();
  const scenesPath = useScenesPath();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="consultant-summary">
      <Title order={3} fz="lg" id="consultant-summary" mb="sm">
        Consultant summary
      </Title>
      {results.scenes.length === 0 ? (
        <Group gap="xs">
          <Text c="dimmed">{VIDEO_RESULT_MESSAGES.noScenes}</Text>
          <Anchor component={Link} to={scenesPath}>
            Go to Scenes
          </Anchor>
        </Group>
      ) : (
        <Stack gap="md">
          {results.scenes.map((scene) => {
            const summary = scene.notes.find((note) => note.note_type === 0)?.note ?? '';
            return (
              <div key={scene.section_id}>
                <Anchor
                  component={Link}
                  to={`/video-test/${test.id}/scenes?scene_details=${scene.section_id}`}
                  fw={600}
                >
                  {scene.name}
                </Anchor>
                <Text size="sm" c={summary ? undefined : 'dimmed'}>
                  {summary || VIDEO_RESULT_MESSAGES.noConsultantInput}
                </Text>
              </div>
            );
          })}
        </Stack>
      )}
    </Paper>
  );
}

function Summary({ results }: { results: VideoResults }) {
  const stage = useVideoStage(results);
  // the consultant's summary beside the video on a wide screen, under it on a narrow one
  return (
    <EvidenceLayout aside={<ConsultantSummary results={results} />}>
      <Stack gap="lg">
        <VideoStage results={results} stage={stage} />
        <SceneStrip
          scenes={results.scenes}
          durationMs={results.duration_ms}
          nowMs={stage.seconds * 1000}
          onSeek={stage.seek}
        />
      </Stack>
    </EvidenceLayout>
  );
}

/** /video-test/{id}/summary (and /overview): who watched, the video with its scores and scenes, the consultant's summary. */
export function VideoSummaryPage({ below }: { below?: ReactNode }) {
  const test = useLoadedTest();
  const { data } = useVideoResults(test.id);
  const pdf = useSummaryPdf(test);
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2} fz={24}>
          Summary
        </Title>
        {data?.has_results && !data.processing && (
          <Button
            variant="light"
            leftSection={<IconFileDownload size={18} aria-hidden />}
            loading={pdf.isPending}
            onClick={() => pdf.mutate(data)}
          >
            Summary PDF
          </Button>
        )}
      </Group>
      {pdf.isError && <ErrorAlert error={pdf.error} title="The summary PDF could not be made" />}
      {data && <Stats stats={data.stats} />}
      <ResultsGate>
        {(results) => (
          <>
            <Summary results={results} />
            {below}
          </>
        )}
      </ResultsGate>
    </Stack>
  );
}
