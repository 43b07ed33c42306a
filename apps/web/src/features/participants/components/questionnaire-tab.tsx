import type { ParticipantDetail, ParticipantQuestion } from '@limbus/contract';
import { SCALE_MAX, SCALE_MIN } from '@limbus/contract';
import { Checkbox, Group, Paper, Radio, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { isApiError } from '../../../api';
import { Empty } from '../../../ui';
import { type AnswerWrite, useAnswerMutations } from '../api';

/** How long the saved checkmark shows (spec 2 §9). */
const SAVED_MS = 500;
const SCORES = Array.from({ length: SCALE_MAX - SCALE_MIN + 1 }, (_, index) => SCALE_MIN + index);

/** Saves an answer the spec's way: created first, then updated; an association unchecked is deleted. */
function useAnswer(testId: number, participantId: number, question: ParticipantQuestion) {
  const mutations = useAnswerMutations(testId, participantId);
  const [isSaved, setSaved] = useState(false);
  useEffect(() => {
    if (!isSaved) return;
    const timer = setTimeout(() => setSaved(false), SAVED_MS);
    return () => clearTimeout(timer);
  }, [isSaved]);
  const options = {
    onSuccess: () => setSaved(true),
    onError: (error: unknown) =>
      notifications.show({
        color: 'red',
        message: isApiError(error) ? error.message : 'The answer was not saved',
      }),
  };
  const save = (answer: AnswerWrite) => {
    if (question.answer) mutations.update.mutate({ id: question.answer.id, ...answer }, options);
    else mutations.create.mutate({ questionId: question.id, ...answer }, options);
  };
  const remove = () => {
    if (question.answer) mutations.remove.mutate(question.answer.id, options);
  };
  return { save, remove, isSaved };
}

function Saved({ isSaved }: { isSaved: boolean }) {
  return isSaved ? <IconCheck size={16} color="var(--mantine-color-green-6)" aria-label="Saved" /> : null;
}

type QuestionProps = { testId: number; participantId: number; question: ParticipantQuestion };

function OpenQuestion({ testId, participantId, question }: QuestionProps) {
  const { save, isSaved } = useAnswer(testId, participantId, question);
  const [text, setText] = useState(question.answer?.text ?? '');
  return (
    <Group align="end" wrap="nowrap">
      <Textarea
        label={question.text}
        description={question.description || undefined}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onBlur={() => {
          if (text !== (question.answer?.text ?? '')) save({ text });
        }}
        autosize
        minRows={2}
        style={{ flex: 1 }}
      />
      <Saved isSaved={isSaved} />
    </Group>
  );
}

function ScaleQuestion({ testId, participantId, question }: QuestionProps) {
  const { save, isSaved } = useAnswer(testId, participantId, question);
  const score = question.answer?.score;
  return (
    <Radio.Group
      label={question.text}
      description={question.description || undefined}
      value={score ? String(score) : null}
      onChange={(value) => save({ score: Number(value) })}
    >
      <Group mt="xs" gap="md" align="center">
        <Text size="sm" c="dimmed">
          {question.caption_low}
        </Text>
        {SCORES.map((value) => (
          <Radio key={value} value={String(value)} label={String(value)} />
        ))}
        <Text size="sm" c="dimmed">
          {question.caption_high}
        </Text>
        <Saved isSaved={isSaved} />
      </Group>
    </Radio.Group>
  );
}

function AssociationQuestion({ testId, participantId, question }: QuestionProps) {
  const { save, remove, isSaved } = useAnswer(testId, participantId, question);
  return (
    <Group gap="xs">
      <Checkbox
        label={question.text}
        checked={question.answer?.checked ?? false}
        onChange={(event) => (event.currentTarget.checked ? save({ checked: true }) : remove())}
      />
      <Saved isSaved={isSaved} />
    </Group>
  );
}

function Block({ title, children, isEmpty }: { title: string; children: ReactNode; isEmpty: boolean }) {
  return (
    <Paper withBorder p="md">
      <Title order={2} fz="lg" mb="sm">
        {title}
      </Title>
      {isEmpty ? <Text c="dimmed">None</Text> : <Stack gap="md">{children}</Stack>}
    </Paper>
  );
}

/** The Questionnaire tab (video tests): open questions, scale questions and associations with this participant's answers. */
export function QuestionnaireTab({
  testId,
  participant,
}: {
  testId: number;
  participant: ParticipantDetail;
}) {
  const open = participant.open_questions ?? [];
  const scales = participant.evaluations ?? [];
  const associations = participant.associations ?? [];
  if (open.length + scales.length + associations.length === 0)
    return <Empty title="This test has no questions" />;
  return (
    <Stack gap="md">
      <Block title="Open questions" isEmpty={open.length === 0}>
        {open.map((question) => (
          <OpenQuestion
            key={question.id}
            testId={testId}
            participantId={participant.id}
            question={question}
          />
        ))}
      </Block>
      <Block title="Scale questions" isEmpty={scales.length === 0}>
        {scales.map((question) => (
          <ScaleQuestion
            key={question.id}
            testId={testId}
            participantId={participant.id}
            question={question}
          />
        ))}
      </Block>
      <Block title="Associations" isEmpty={associations.length === 0}>
        {associations.map((question) => (
          <AssociationQuestion
            key={question.id}
            testId={testId}
            participantId={participant.id}
            question={question}
          />
        ))}
      </Block>
    </Stack>
  );
}
