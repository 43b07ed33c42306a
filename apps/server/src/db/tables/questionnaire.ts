import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.js';
import { participants } from './participants.js';
import { tests } from './tests.js';

export const QUESTION_KINDS = ['open', 'scale', 'association'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

/**
 * A test's questionnaire: open questions, scale questions (evaluations, answered 1 to 5 between
 * two captions) and associations. `is_default` marks the ones every test of its kind starts with.
 */
export const testQuestions = pgTable(
  'test_questions',
  {
    id: serial('id').primaryKey(),
    testId: integer('test_id')
      .notNull()
      .references(() => tests.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: QUESTION_KINDS }).notNull(),
    text: text('text').notNull(),
    description: text('description').notNull().default(''),
    captionLow: text('caption_low').notNull().default(''),
    captionHigh: text('caption_high').notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    index('test_questions_test_idx').on(table.testId, table.kind, table.position),
    check(
      'test_questions_kind_check',
      sql.raw(`kind in (${QUESTION_KINDS.map((kind) => `'${kind}'`).join(', ')})`),
    ),
  ],
);

/** A participant's answer to one question; one per question and participant. */
export const answers = pgTable(
  'answers',
  {
    id: serial('id').primaryKey(),
    questionId: integer('question_id')
      .notNull()
      .references(() => testQuestions.id, { onDelete: 'cascade' }),
    participantId: integer('participant_id')
      .notNull()
      .references(() => participants.id, { onDelete: 'cascade' }),
    text: text('text').notNull().default(''),
    /** 1 to 5 for scale questions. */
    score: integer('score'),
    checked: boolean('checked').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('answers_question_participant_idx').on(table.questionId, table.participantId),
    index('answers_participant_idx').on(table.participantId),
    check('answers_score_check', sql`${table.score} is null or ${table.score} between 1 and 5`),
  ],
);
