import { Card, Group, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { Empty, ErrorAlert, formatPercent, TableSkeleton } from '../../../ui';
import { useTest } from '../../user-tests';
import { type AnsweredQuestion, answeredQuestions, type QuestionKind } from '../questionnaire-summary';
import { ParticipantLink, type QuestionnaireContext, ScaleSection, share } from './questionnaire-scales';

const SECTIONS: Array<{ kind: QuestionKind; title: string }> = [
  { kind: 'open', title: 'Open questions' },
  { kind: 'scale', title: 'Scale questions (1 to 5)' },
  { kind: 'association', title: 'Associations' },
];

/** /research/test/{id}/questionnaire: every question of the test with every participant's answer. */
export function QuestionnaireAnswers({ testId }: { testId: number }) {
  const test = useTest(String(testId));
  if (test.isPending) return <TableSkeleton />;
  if (test.isError) return <ErrorAlert error={test.error} title="The questionnaire could not be loaded" />;
  const { questions, participantCount } = answeredQuestions(test.data);
  if (questions.length === 0)
    return <Empty title="This test has no questions" description="Questions are added in the test setup." />;
  const context = { testId, participantCount };
  return (
    <Stack gap="xl">
      <Text c="dimmed" size="sm">
        {participantCount === 1 ? '1 participant' : `${participantCount} participants`} took this test.
        Answers are entered per participant on the participant’s Questionnaire tab.
      </Text>
      {SECTIONS.map(({ kind, title }) => {
        const ofKind = questions.filter((question) => question.kind === kind);
        if (ofKind.length === 0) return null;
        return (
          <Stack key={kind} gap="md" component="section" aria-label={title}>
            <Title order={2} fz="lg">
              {title}
            </Title>
            {kind === 'association' ? <AssociationsCard questions={ofKind} {...context} /> : null}
            {kind === 'scale' ? <ScaleSection questions={ofKind} {...context} /> : null}
            {kind === 'open'
              ? ofKind.map((question) => <QuestionCard key={question.id} question={question} {...context} />)
              : null}
          </Stack>
        );
      })}
    </Stack>
  );
}

type Context = QuestionnaireContext;

function QuestionCard({ question, testId, participantCount }: { question: AnsweredQuestion } & Context) {
  return (
    <Card withBorder component="article" aria-label={question.text}>
      <Stack gap="sm">
        <Title order={3} fz="md">
          {question.text}
        </Title>
        <Text size="sm" c="dimmed">
          {question.answers.length} of {participantCount} participants answered
        </Text>
        {question.answers.length === 0 ? (
          <Text size="sm">No answers yet.</Text>
        ) : (
          <AnswerTable question={question} testId={testId} />
        )}
      </Stack>
    </Card>
  );
}

function AnswerTable({ question, testId }: { question: AnsweredQuestion; testId: number }) {
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={160}>Participant</Table.Th>
            <Table.Th>Answer</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {question.answers.map(({ participantId, realId, answer }) => (
            <Table.Tr key={answer.id}>
              <Table.Td>
                <ParticipantLink testId={testId} participantId={participantId} realId={realId} />
              </Table.Td>
              <Table.Td>{answer.text}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function AssociationsCard({ questions, participantCount }: { questions: AnsweredQuestion[] } & Context) {
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          How many of the {participantCount} participants chose each word for the product.
        </Text>
        {[...questions]
          .sort((a, b) => b.answers.length - a.answers.length)
          .map((question) => (
            <Stack key={question.id} gap={2}>
              <Group justify="space-between">
                <Text size="sm" fw={500}>
                  {question.text}
                </Text>
                <Text size="sm">
                  {question.answers.length} (
                  {formatPercent(share(question.answers.length, participantCount) / 100)})
                </Text>
              </Group>
              <Progress
                value={share(question.answers.length, participantCount)}
                aria-label={`${question.text}: ${question.answers.length} of ${participantCount} participants`}
              />
              {question.answers.length > 0 ? (
                <Text size="xs" c="dimmed">
                  {question.answers.map((row) => row.realId).join(', ')}
                </Text>
              ) : null}
            </Stack>
          ))}
      </Stack>
    </Card>
  );
}
