import type { Answer, ParticipantQuestion } from '@limbus/contract';
import type { AnswerRow, QuestionRow } from './answers.repository.js';

export function toAnswer(row: AnswerRow): Answer {
  return {
    id: row.id,
    question_id: row.questionId,
    participant_id: row.participantId,
    text: row.text,
    translation: row.translation,
    score: row.score,
    checked: row.checked,
  };
}

export function toParticipantQuestion(question: QuestionRow, answer: AnswerRow | null): ParticipantQuestion {
  return {
    id: question.id,
    text: question.text,
    description: question.description,
    caption_low: question.captionLow,
    caption_high: question.captionHigh,
    default: question.isDefault,
    answer: answer ? toAnswer(answer) : null,
  };
}
