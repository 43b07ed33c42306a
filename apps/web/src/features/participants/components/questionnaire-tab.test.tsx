import type { Answer, ParticipantDetail, ParticipantQuestion } from '@limbus/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FakeCall, useFakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { QuestionnaireTab } from './questionnaire-tab';

const question = (id: number, text: string, answer: Answer | null = null): ParticipantQuestion => ({
  id,
  text,
  description: '',
  caption_low: 'Hard',
  caption_high: 'Easy',
  default: false,
  answer,
});
const answerOf = (id: number, questionId: number, values: Partial<Answer>): Answer => ({
  id,
  question_id: questionId,
  participant_id: 9,
  text: '',
  translation: '',
  score: null,
  checked: false,
  ...values,
});

function participantWith(
  lists: Partial<Pick<ParticipantDetail, 'open_questions' | 'evaluations' | 'associations'>>,
) {
  return {
    id: 9,
    real_id: 'P-9',
    open_questions: [],
    evaluations: [],
    associations: [],
    ...lists,
  } as unknown as ParticipantDetail;
}

describe('QuestionnaireTab', () => {
  it('creates an answer first and updates it afterwards', async () => {
    const fake = useFakeApi({
      'POST /answers': (call: FakeCall) => ({
        status: 201,
        body: { id: 70, ...(call.body as { answer: object }).answer },
      }),
      'PATCH /answers/71': (call: FakeCall) => ({
        body: { id: 71, ...(call.body as { answer: object }).answer },
      }),
    });
    const participant = participantWith({
      evaluations: [question(1, 'How easy was it?')],
      open_questions: [question(2, 'What did you miss?', answerOf(71, 2, { text: 'Filters' }))],
    });
    renderWithProviders(<QuestionnaireTab testId={4} participant={participant} />);
    expect(screen.getByText('Hard')).toBeTruthy();
    expect(screen.getByText('Easy')).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: '4' }));
    await waitFor(() => expect(fake.calls.some((call) => call.method === 'POST')).toBe(true));
    expect(fake.calls.find((call) => call.method === 'POST')?.body).toEqual({
      answer: { question_id: 1, participant_id: 9, score: 4 },
    });

    const text = screen.getByRole('textbox', { name: 'What did you miss?' });
    await userEvent.clear(text);
    await userEvent.type(text, 'Sizes');
    await userEvent.tab();
    await waitFor(() => expect(fake.calls.some((call) => call.method === 'PATCH')).toBe(true));
    expect(fake.calls.find((call) => call.method === 'PATCH')?.body).toEqual({ answer: { text: 'Sizes' } });
  });

  it('checking an association creates its answer; unchecking deletes it', async () => {
    const fake = useFakeApi({
      'POST /answers': { status: 201, body: answerOf(80, 3, { checked: true }) },
      'DELETE /answers/81': { status: 204 },
    });
    const participant = participantWith({
      associations: [question(3, 'Modern'), question(4, 'Trustworthy', answerOf(81, 4, { checked: true }))],
    });
    renderWithProviders(<QuestionnaireTab testId={4} participant={participant} />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Modern' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Trustworthy' }));
    await waitFor(() =>
      expect(fake.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
        'POST /answers',
        'DELETE /answers/81',
      ]),
    );
    expect(fake.calls[0]?.body).toEqual({ answer: { question_id: 3, participant_id: 9, checked: true } });
  });
});
