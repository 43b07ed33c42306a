import type { Answer } from '@limbus/contract';
import { describe, expect, it } from 'vitest';
import { makeTestDetail } from '../../test/test-detail';
import { answeredQuestions } from './questionnaire-summary';

const answer = (id: number, participantId: number, fields: Partial<Answer>): Answer => ({
  id,
  question_id: 0,
  participant_id: participantId,
  text: '',
  translation: '',
  score: null,
  checked: false,
  ...fields,
});
const participant = (id: number, realId: string) => ({
  id,
  real_id: realId,
  type: 'default' as const,
  started_at: null,
  ended_at: null,
});

describe('answeredQuestions', () => {
  const test = makeTestDetail({
    participants: [participant(1, 'P-1'), participant(2, 'P-2'), participant(3, 'P-3')],
    open_questions: [
      {
        id: 11,
        text: 'What did you miss?',
        default: false,
        answers: [
          answer(1, 2, { text: 'A size chart' }),
          answer(2, 1, { text: 'Nothing' }),
          answer(3, 3, { text: '   ' }),
          answer(4, 99, { text: 'from a removed participant' }),
        ],
      },
    ],
    evaluations: [
      {
        id: 21,
        text: 'How easy was it?',
        description: '',
        caption_low: 'Hard',
        caption_high: 'Easy',
        default: true,
        answers: [answer(5, 1, { score: 4 }), answer(6, 2, { score: 5, text: 'Smooth' }), answer(7, 3, {})],
      },
    ],
    associations: [
      { id: 31, text: 'Modern', default: true, answers: [answer(8, 1, { checked: true }), answer(9, 2, {})] },
    ],
  });

  it('lists given answers in participant order, without blanks or removed participants', () => {
    const open = answeredQuestions(test).questions[0];
    expect(open?.answers.map((row) => [row.realId, row.answer.text])).toEqual([
      ['P-1', 'Nothing'],
      ['P-2', 'A size chart'],
    ]);
  });

  it('counts scores 1..5 with their mean, and associations chosen', () => {
    const { questions, participantCount } = answeredQuestions(test);
    expect(participantCount).toBe(3);
    const scale = questions.find((question) => question.kind === 'scale');
    expect(scale?.counts).toEqual([0, 0, 0, 1, 1]);
    expect(scale?.mean).toBe(4.5);
    expect(scale?.captions).toEqual({ low: 'Hard', high: 'Easy' });
    const association = questions.find((question) => question.kind === 'association');
    expect(association?.answers.map((row) => row.realId)).toEqual(['P-1']);
  });
});
