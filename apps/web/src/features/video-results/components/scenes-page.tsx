import { VIDEO_RESULT_MESSAGES, type VideoResults, type VideoScene } from '@limbus/contract';
import { ActionIcon, Grid, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorAlert, formatClock, PageLoader } from '../../../ui';
import { useLoadedTest } from '../../test-results';
import { useVideoResults } from '../api';
import { pointsBetween, sceneAt } from '../video-time';
import { PointCards } from './point-cards';
import { ProcessingPanel } from './processing-panel';
import { CohortResultsNote, ProcessingNotice, useIsResearch } from './results-gate';
import { SceneEditor } from './scene-editor';
import { SceneNorms } from './scene-norms';
import { SceneNotesEditor, SceneNotesTabs } from './scene-notes';
import { SceneStrip } from './scene-strip';
import { SceneTable } from './scene-table';
import { useVideoStage, VideoStage } from './video-stage';

/** The scene shown: the one the video is in, else the last one it was in (or the first). */
function useFollowedScene(scenes: readonly VideoScene[], nowMs: number): VideoScene | undefined {
  const [lastId, setLastId] = useState<number | null>(null);
  const current = sceneAt(scenes, nowMs);
  useEffect(() => {
    if (current) setLastId(current.section_id);
  }, [current]);
  return current ?? scenes.find((scene) => scene.section_id === lastId) ?? scenes[0];
}

function SceneSelector({
  scenes,
  scene,
  onChoose,
}: {
  scenes: readonly VideoScene[];
  scene: VideoScene;
  onChoose: (scene: VideoScene) => void;
}) {
  const index = scenes.indexOf(scene);
  const step = (by: number) => {
    const next = scenes[index + by];
    if (next) onChoose(next);
  };
  return (
    <Group gap="xs" wrap="nowrap">
      <ActionIcon
        variant="default"
        size="lg"
        aria-label="Previous scene"
        disabled={index <= 0}
        onClick={() => step(-1)}
      >
        <IconChevronLeft size={18} aria-hidden />
      </ActionIcon>
      <Select
        aria-label="Scene"
        value={String(scene.section_id)}
        allowDeselect={false}
        data={scenes.map((candidate) => ({
          value: String(candidate.section_id),
          label: `${candidate.name} (${formatClock(candidate.start_ms / 1000, { padMinutes: true })})`,
        }))}
        onChange={(value) => {
          const chosen = scenes.find((candidate) => String(candidate.section_id) === value);
          if (chosen) onChoose(chosen);
        }}
        style={{ flex: 1 }}
      />
      <ActionIcon
        variant="default"
        size="lg"
        aria-label="Next scene"
        disabled={index >= scenes.length - 1}
        onClick={() => step(1)}
      >
        <IconChevronRight size={18} aria-hidden />
      </ActionIcon>
    </Group>
  );
}

function SceneDetails({ results, isResearch }: { results: VideoResults; isResearch: boolean }) {
  const test = useLoadedTest();
  const stage = useVideoStage(results);
  const nowMs = stage.seconds * 1000;
  const scene = useFollowedScene(results.scenes, nowMs);
  const [params] = useSearchParams();
  const asked = useRef(params.get('scene_details'));
  // ?scene_details={sectionId}: open at that scene once.
  useEffect(() => {
    const target = results.scenes.find((candidate) => String(candidate.section_id) === asked.current);
    if (target) stage.seek(target.start_ms / 1000);
    asked.current = null;
  }, [results.scenes, stage.seek]);
  const choose = (chosen: VideoScene) => stage.seek(chosen.start_ms / 1000);

  return (
    <Stack gap="lg">
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="sm">
            <VideoStage results={results} stage={stage} />
            <SceneStrip
              scenes={results.scenes}
              durationMs={results.duration_ms}
              nowMs={nowMs}
              onSeek={stage.seek}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Paper withBorder p="md" component="section" aria-label="Scene">
            {scene ? (
              <Stack gap="md">
                <SceneSelector scenes={results.scenes} scene={scene} onChoose={choose} />
                {isResearch ? (
                  <SceneNotesEditor key={scene.section_id} testId={test.id} scene={scene} />
                ) : (
                  <SceneNotesTabs scene={scene} />
                )}
              </Stack>
            ) : (
              <Text c="dimmed">{VIDEO_RESULT_MESSAGES.noScenes}</Text>
            )}
          </Paper>
        </Grid.Col>
      </Grid>
      {scene && (
        <Stack gap="sm" component="section" aria-labelledby="scene-neurofeedback">
          <Title order={3} fz="lg" id="scene-neurofeedback">
            Neurofeedback in {scene.name}
          </Title>
          <PointCards
            points={pointsBetween(results.points, scene.start_ms, scene.end_ms)}
            onSeek={stage.seek}
          />
        </Stack>
      )}
      <SceneTable results={results} testName={test.name} />
      {/* a cohort without EEG has no scores to rank among other tests */}
      {results.scenes.length > 0 && results.emotions_cohort !== null && <SceneNorms results={results} />}
      {isResearch && <SceneEditor results={results} testId={test.id} nowMs={nowMs} />}
    </Stack>
  );
}

/** /video-test/{id}/scenes and the research area's /research/test/{id}/scenes. */
export function VideoScenesPage() {
  const test = useLoadedTest();
  const isResearch = useIsResearch();
  const results = useVideoResults(test.id);
  let content: ReactNode;
  if (results.isPending) content = <PageLoader label="Loading the scenes" />;
  else if (results.isError) content = <ErrorAlert error={results.error} />;
  else if (results.data.processing) content = <ProcessingNotice />;
  else if (!results.data.has_results)
    content = isResearch ? null : <Text c="dimmed">{VIDEO_RESULT_MESSAGES.noResults}</Text>;
  else
    content = (
      <>
        <CohortResultsNote results={results.data} />
        <SceneDetails results={results.data} isResearch={isResearch} />
      </>
    );
  return (
    <Stack gap="lg">
      <Title order={2} fz={24}>
        Scenes
      </Title>
      {isResearch && results.data && !results.data.processing && (
        <ProcessingPanel testId={test.id} hasResults={results.data.has_results} />
      )}
      {content}
    </Stack>
  );
}
