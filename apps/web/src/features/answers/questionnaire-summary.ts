import { type Answer, participantLabel, SCALE_MAX, SCALE_MIN, type TestDetail } from '@limbus/contract';

export type QuestionKind = 'open' | 'scale' | 'association';

export type AnsweredQuestion = {
  id: number;
  kind: QuestionKind;
  text: string;
  /** Scale questions: the captions of 1 and of 5. */
  captions: { low: string; high: string } | null;
  /** One row per participant who answered, in the order of the test's participants. */
  answers: Array<{ participantId: number; realId: string; answer: Answer }>;
  /** Scale: how many gave each score 1..5; association: how many chose it. */
  counts: number[];
  /** Scale: the mean score, or null without scores. */
  mean: number | null;
};

/** Whether an answer says something: a text, a score or a chosen association. */
const isGiven = (kind: QuestionKind, answer: Answer) =>
  kind === 'association'
    ? answer.checked
    : kind === 'scale'
      ? answer.score !== null
      : answer.text.trim() !== '';

/**
 * The test's questions with every participant's answers (research questionnaire screen): open
 * questions, scale questions (evaluations) with their score counts and mean, associations with the
 * number who chose them. Answers of participants no longer in the test are left out.
 */
export function answeredQuestions(
  test: Pick<TestDetail, 'open_questions' | 'evaluations' | 'associations' | 'participants'>,
) {
  const realIds = new Map(
    test.participants
      .filter((participant) => participant.type === 'default')
      .map((p) => [p.id, participantLabel(p)]),
  );
  const order = [...realIds.keys()];
  const build = (
    kind: QuestionKind,
    question: { id: number; text: string; answers: Answer[] },
    captions: AnsweredQuestion['captions'],
  ): AnsweredQuestion => {
    const answers = question.answers
      .filter((answer) => realIds.has(answer.participant_id) && isGiven(kind, answer))
      .sort((a, b) => order.indexOf(a.participant_id) - order.indexOf(b.participant_id))
      .map((answer) => ({
        participantId: answer.participant_id,
        realId: realIds.get(answer.participant_id) ?? '',
        answer,
      }));
    const scores = answers.flatMap(({ answer }) => (answer.score === null ? [] : [answer.score]));
    const counts =
      kind === 'scale'
        ? Array.from(
            { length: SCALE_MAX - SCALE_MIN + 1 },
            (_, index) => scores.filter((score) => score === SCALE_MIN + index).length,
          )
        : [answers.length];
    const mean = scores.length > 0 ? scores.reduce((sum, score) => sum + score, 0) / scores.length : null;
    return {
      id: question.id,
      kind,
      text: question.text,
      captions,
      answers,
      counts,
      mean: kind === 'scale' ? mean : null,
    };
  };
  return {
    participantCount: realIds.size,
    questions: [
      ...test.open_questions.map((question) => build('open', question, null)),
      ...test.evaluations.map((question) =>
        build('scale', question, { low: question.caption_low, high: question.caption_high }),
      ),
      ...test.associations.map((question) => build('association', question, null)),
    ],
  };
}
