import {
  ASSOCIATIONS_PAGE,
  type QualitativeFeedback,
  SHOWN_ASSOCIATIONS_MAX,
  VIDEO_RESULT_MESSAGES,
} from '@limbus/contract';
import { Button, Checkbox, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useMemo, useState } from 'react';
import { isApiError } from '../../../api';
import { EChart, Empty, ErrorAlert, PageLoader } from '../../../ui';
import { CommentVersionToggle, useCommentVersion } from '../../account';
import { useLoadedTest } from '../../test-results';
import { useQualitativeFeedback, useShowAssociations } from '../api';
import { useIsResearch } from './results-gate';

type Association = QualitativeFeedback['associations'][number];

function associationChart(page: readonly Association[]) {
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 120, right: 24, top: 8, bottom: 40 },
    xAxis: { type: 'value', minInterval: 1, name: 'Viewers', nameLocation: 'middle', nameGap: 24 },
    yAxis: { type: 'category', inverse: true, data: page.map((association) => association.text) },
    series: [
      {
        type: 'bar',
        name: 'Viewers who chose it',
        data: page.map((association) => ({
          value: association.count,
          itemStyle: { color: association.shown ? '#4c6ef5' : '#adb5bd' },
        })),
      },
    ],
  };
}

function Associations({ associations }: { associations: readonly Association[] }) {
  const [pageIndex, setPageIndex] = useState(0);
  const pages = Math.max(1, Math.ceil(associations.length / ASSOCIATIONS_PAGE));
  const page = associations.slice(pageIndex * ASSOCIATIONS_PAGE, (pageIndex + 1) * ASSOCIATIONS_PAGE);
  const option = useMemo(() => associationChart(page), [page]);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="associations-title">
      <Title order={3} fz="lg" id="associations-title" mb="xs">
        Associations
      </Title>
      {associations.length === 0 ? (
        <Text c="dimmed">This test has no associations.</Text>
      ) : (
        <>
          <Text size="xs" c="dimmed" mb="xs">
            Viewers who chose each word, most chosen first; highlighted: chosen by our consultant. Page{' '}
            {pageIndex + 1} of {pages}.
          </Text>
          <EChart
            option={option}
            height={56 + page.length * 30}
            label="Associations by the viewers who chose them"
          />
          <Group justify="space-between" mt="xs">
            <Button variant="subtle" disabled={pageIndex === 0} onClick={() => setPageIndex(pageIndex - 1)}>
              see previous 10
            </Button>
            <Button
              variant="subtle"
              disabled={pageIndex >= pages - 1}
              onClick={() => setPageIndex(pageIndex + 1)}
            >
              see next 10
            </Button>
          </Group>
        </>
      )}
    </Paper>
  );
}

function evaluationRadar(evaluations: QualitativeFeedback['evaluations']) {
  return {
    tooltip: { trigger: 'item' },
    radar: {
      indicator: evaluations.map((evaluation) => ({ name: evaluation.text, min: 0, max: 5 })),
      radius: '65%',
    },
    series: [
      {
        type: 'radar',
        name: 'Average score (0–5)',
        areaStyle: { opacity: 0.2 },
        data: [{ name: 'Average score', value: evaluations.map((evaluation) => evaluation.average ?? 0) }],
      },
    ],
  };
}

function Evaluations({ evaluations }: { evaluations: QualitativeFeedback['evaluations'] }) {
  const option = useMemo(() => evaluationRadar(evaluations), [evaluations]);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="evaluations-title">
      <Title order={3} fz="lg" id="evaluations-title" mb="xs">
        Evaluation
      </Title>
      {evaluations.length === 0 ? (
        <Text c="dimmed">This test has no scale questions.</Text>
      ) : (
        <>
          <EChart option={option} height={300} label="Average score of each scale question, 0 to 5" />
          <List size="sm" spacing={2}>
            {evaluations.map((evaluation) => (
              <List.Item key={evaluation.id}>
                {evaluation.text}:{' '}
                {evaluation.average === null ? 'no answers' : `${evaluation.average.toFixed(1)} of 5`}{' '}
                <Text span c="dimmed" size="xs">
                  ({evaluation.answers} answers)
                </Text>
              </List.Item>
            ))}
          </List>
        </>
      )}
    </Paper>
  );
}

function OpenQuestions({
  test,
  questions,
}: {
  test: { translation: string; translation_language: string };
  questions: QualitativeFeedback['open_questions'];
}) {
  // The answers in one language: the reader's, where a translation exists (issue 26).
  const words = useCommentVersion(
    test,
    questions.flatMap((question) => question.answers),
  );
  return (
    <Stack gap="md" component="section" aria-labelledby="open-questions-title">
      <Group justify="space-between" gap="sm">
        <Title order={3} fz="lg" id="open-questions-title">
          Open questions
        </Title>
        <CommentVersionToggle choice={words} />
      </Group>
      {questions.length === 0 && <Text c="dimmed">This test has no open questions.</Text>}
      {questions.map((question) => (
        <Paper withBorder p="md" key={question.id}>
          <Text fw={600} mb="xs">
            {question.text}
          </Text>
          {question.answers.length === 0 ? (
            <Text c="dimmed" size="sm">
              No answers yet.
            </Text>
          ) : (
            <List size="sm" spacing={4}>
              {question.answers.map((answer) => (
                <List.Item key={answer.participant_id}>{words.show(answer)}</List.Item>
              ))}
            </List>
          )}
        </Paper>
      ))}
    </Stack>
  );
}

/** The research area's choice of the associations shown (at most 5). */
function ShownAssociationsPicker({
  testId,
  associations,
}: {
  testId: number;
  associations: readonly Association[];
}) {
  const [chosen, setChosen] = useState(() => associations.filter((a) => a.shown).map((a) => String(a.id)));
  const save = useShowAssociations(testId);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="shown-title">
      <Title order={3} fz="lg" id="shown-title" mb="xs">
        Associations to show
      </Title>
      <Checkbox.Group
        value={chosen}
        onChange={setChosen}
        description={`Choose at most ${SHOWN_ASSOCIATIONS_MAX}; ${chosen.length} chosen.`}
        error={chosen.length > SHOWN_ASSOCIATIONS_MAX ? VIDEO_RESULT_MESSAGES.tooManyShown : null}
      >
        <SimpleGrid cols={{ base: 2, md: 4 }} mt="xs">
          {associations.map((association) => (
            <Checkbox key={association.id} value={String(association.id)} label={association.text} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      <Button
        mt="sm"
        loading={save.isPending}
        disabled={chosen.length > SHOWN_ASSOCIATIONS_MAX}
        onClick={() =>
          save.mutate(chosen.map(Number), {
            onSuccess: () => notifications.show({ message: 'The associations shown were saved' }),
            onError: (error) =>
              notifications.show({ color: 'red', message: isApiError(error) ? error.message : 'Not saved' }),
          })
        }
      >
        Save choice
      </Button>
    </Paper>
  );
}

/** /video-test/{id}/qualitative-feedback (and the research area's): associations, evaluation, open answers. */
export function VideoQualitativeFeedbackPage() {
  const test = useLoadedTest();
  const isResearch = useIsResearch();
  const feedback = useQualitativeFeedback(test.id);
  let content: ReactNode;
  if (feedback.isPending) content = <PageLoader label="Loading the feedback" />;
  else if (feedback.isError) content = <ErrorAlert error={feedback.error} />;
  else if (
    feedback.data.associations.length +
      feedback.data.evaluations.length +
      feedback.data.open_questions.length ===
    0
  )
    content = <Empty title="No questions" description="This test asked its viewers no questions." />;
  else
    content = (
      <Stack gap="lg">
        {isResearch && <ShownAssociationsPicker testId={test.id} associations={feedback.data.associations} />}
        <SimpleGrid cols={{ base: 1, lg: 2 }}>
          <Associations associations={feedback.data.associations} />
          <Evaluations evaluations={feedback.data.evaluations} />
        </SimpleGrid>
        <OpenQuestions test={test} questions={feedback.data.open_questions} />
      </Stack>
    );
  return (
    <Stack gap="lg">
      <Title order={2} fz={24}>
        Qualitative feedback
      </Title>
      {content}
    </Stack>
  );
}
