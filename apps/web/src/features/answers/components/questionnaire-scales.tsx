import { Anchor, Card, Group, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { researchParticipantHref } from '../../participants';
import type { AnsweredQuestion } from '../questionnaire-summary';

export type QuestionnaireContext = { testId: number; participantCount: number };

/** A whole-number percentage of `total`; 0 of nothing. */
export const share = (count: number, total: number) => (total > 0 ? Math.round((count / total) * 100) : 0);

export function ParticipantLink({
  testId,
  participantId,
  realId,
}: {
  testId: number;
  participantId: number;
  realId: string;
}) {
  return (
    <Anchor component={Link} to={researchParticipantHref(testId, participantId)} size="sm" underline="always">
      {realId}
    </Anchor>
  );
}

/** Scale questions: per question its scores and comments, then every participant's scores side by side. */
export function ScaleSection({
  questions,
  testId,
  participantCount,
}: { questions: AnsweredQuestion[] } & QuestionnaireContext) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }}>
        {questions.map((question) => (
          <Card key={question.id} withBorder component="article" aria-label={question.text}>
            <Stack gap="sm">
              <Title order={3} fz="md">
                {question.text}
              </Title>
              <Text size="sm" c="dimmed">
                {question.answers.length} of {participantCount} participants answered
                {question.mean !== null ? ` · mean score ${question.mean.toFixed(1)} of 5` : ''}
              </Text>
              <ScoreCounts question={question} />
              <ScaleComments question={question} testId={testId} />
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <ScoreMatrix questions={questions} testId={testId} />
    </>
  );
}

function ScaleComments({ question, testId }: { question: AnsweredQuestion; testId: number }) {
  const commented = question.answers.filter(({ answer }) => answer.text.trim() !== '');
  if (commented.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        Comments
      </Text>
      {commented.map(({ participantId, realId, answer }) => (
        <Text key={answer.id} size="sm">
          <ParticipantLink testId={testId} participantId={participantId} realId={realId} /> ({answer.score}):{' '}
          {answer.text}
        </Text>
      ))}
    </Stack>
  );
}

/** One row per participant, one column per scale question: the score given, '–' for none. */
function ScoreMatrix({ questions, testId }: { questions: AnsweredQuestion[]; testId: number }) {
  const people = new Map<number, string>();
  for (const question of questions)
    for (const row of question.answers) people.set(row.participantId, row.realId);
  const scoreOf = (question: AnsweredQuestion, participantId: number) =>
    question.answers.find((row) => row.participantId === participantId)?.answer.score ?? '–';
  return (
    <Card withBorder component="article" aria-label="Scores per participant">
      <Title order={3} fz="md" mb="sm">
        Scores per participant
      </Title>
      <Table.ScrollContainer minWidth={160 + questions.length * 120}>
        <Table verticalSpacing={4} striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Participant</Table.Th>
              {questions.map((question) => (
                <Table.Th key={question.id} ta="center">
                  {question.text}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {[...people.entries()]
              .sort(([a], [b]) => a - b)
              .map(([participantId, realId]) => (
                <Table.Tr key={participantId}>
                  <Table.Td>
                    <ParticipantLink testId={testId} participantId={participantId} realId={realId} />
                  </Table.Td>
                  {questions.map((question) => (
                    <Table.Td key={question.id} ta="center">
                      {scoreOf(question, participantId)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

function ScoreCounts({ question }: { question: AnsweredQuestion }) {
  const total = question.answers.length;
  return (
    <Stack gap={4} maw={420}>
      {question.counts.map((count, index) => {
        const score = index + 1;
        const caption =
          score === 1
            ? question.captions?.low
            : score === question.counts.length
              ? question.captions?.high
              : '';
        return (
          <Group key={score} gap="xs" wrap="nowrap">
            <Text size="sm" w={16} ta="right">
              {score}
            </Text>
            <Progress
              value={share(count, total)}
              flex={1}
              aria-label={`Score ${score}: ${count} participants`}
            />
            <Text size="sm" w={150}>
              {count}{' '}
              {caption ? (
                <Text span c="dimmed" size="xs">
                  ({caption})
                </Text>
              ) : null}
            </Text>
          </Group>
        );
      })}
    </Stack>
  );
}
