import type { RemoteMaterial } from '@limbus/contract';
import { Alert, Box, Button, Checkbox, Group, Radio, Stack, Textarea } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { isApiError } from '../../../api';
import type { SessionApi } from '../api';
import type { ParticipantTexts } from './participant-texts';
import { StepHeading } from './step-heading';

type Questions = RemoteMaterial['questions'];
const SCALE = ['1', '2', '3', '4', '5'] as const;

/** Whether the test asks anything at all. */
export const asksQuestions = (questions: Questions) =>
  questions.associations.length + questions.evaluations.length + questions.open_questions.length > 0;

/**
 * Step 6: the test's questionnaire: which associations fit, the scales from 1 to 5 between their
 * captions, and the open questions. Nothing is required (a participant may skip a question); the
 * answers go in one call, which a retry repeats without storing anything twice.
 */
export function QuestionsStep({
  questions,
  sessionApi,
  texts,
  indicator,
  onDone,
}: {
  questions: Questions;
  sessionApi: SessionApi;
  texts: ParticipantTexts['questions'];
  /** What is said under the heading while the voice is recorded. */
  indicator?: ReactNode;
  onDone: () => void;
}) {
  const [checked, setChecked] = useState<string[]>([]);
  const [scores, setScores] = useState<Record<number, string>>({});
  const [openAnswers, setOpenAnswers] = useState<Record<number, string>>({});
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setFailure(null);
    const answers = [
      ...questions.associations.map((question) => ({
        question_id: question.id,
        checked: checked.includes(String(question.id)),
      })),
      ...questions.evaluations.flatMap((question) =>
        scores[question.id] ? [{ question_id: question.id, score: Number(scores[question.id]) }] : [],
      ),
      ...questions.open_questions.flatMap((question) => {
        const text = openAnswers[question.id]?.trim();
        return text ? [{ question_id: question.id, text }] : [];
      }),
    ];
    try {
      if (answers.length) await sessionApi.answers({ body: { answers } });
      onDone();
    } catch (error) {
      setFailure(
        isApiError(error) && error.status > 0 && error.status < 500
          ? texts.refusal(error.message)
          : texts.failed,
      );
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="xl">
        <StepHeading title={texts.heading} intro={texts.intro} />
        {indicator}
        {questions.associations.length ? (
          <Checkbox.Group
            label={texts.associations}
            description={texts.associationsHint}
            value={checked}
            onChange={setChecked}
          >
            <Group mt="xs" gap="md">
              {questions.associations.map((question) => (
                <Checkbox key={question.id} value={String(question.id)} label={question.text} />
              ))}
            </Group>
          </Checkbox.Group>
        ) : null}
        {questions.evaluations.map((question) => (
          <Radio.Group
            key={question.id}
            label={question.text}
            description={[question.description, texts.scaleOf(question.caption_low, question.caption_high)]
              .filter(Boolean)
              .join(' ')}
            value={scores[question.id] ?? null}
            onChange={(value) => setScores({ ...scores, [question.id]: value })}
          >
            <Group mt="xs" gap="lg">
              {SCALE.map((score) => (
                <Radio key={score} value={score} label={score} />
              ))}
            </Group>
          </Radio.Group>
        ))}
        {questions.open_questions.map((question) => (
          <Textarea
            key={question.id}
            label={question.text}
            description={texts.openHint}
            autosize
            minRows={3}
            maxLength={5000}
            value={openAnswers[question.id] ?? ''}
            onChange={(event) => setOpenAnswers({ ...openAnswers, [question.id]: event.currentTarget.value })}
          />
        ))}
        {failure ? (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        ) : null}
        <Box>
          <Button type="submit" size="md" loading={sending} loaderProps={{ 'aria-label': texts.sending }}>
            {texts.send}
          </Button>
        </Box>
      </Stack>
    </form>
  );
}
