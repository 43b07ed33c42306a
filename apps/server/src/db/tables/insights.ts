import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { significantPoints } from './annotations.js';
import { createdAt, updatedAt } from './columns.js';
import { tests } from './tests.js';

/** Researchers group significant points into insights (spec 2 §3 Insight). */
export const insights = pgTable(
  'insights',
  {
    id: serial('id').primaryKey(),
    testId: integer('test_id')
      .notNull()
      .references(() => tests.id, { onDelete: 'cascade' }),
    /** The insight's number within its test, from 1. */
    assignedId: integer('assigned_id').notNull(),
    title: text('title').notNull(),
    behaviorComment: text('behavior_comment').notNull().default(''),
    eegComment: text('eeg_comment').notNull().default(''),
    eyeTrackingComment: text('eye_tracking_comment').notNull().default(''),
    touchTrackingComment: text('touch_tracking_comment').notNull().default(''),
    explanation: text('explanation').notNull().default('...'),
    summary: text('summary').notNull().default('...'),
    suggestion: text('suggestion').notNull().default(''),
    focusPoint: text('focus_point').notNull().default(''),
    highlightId: integer('highlight_id').references(() => significantPoints.id, { onDelete: 'set null' }),
    /** File key of the highlight image. */
    highlightImage: text('highlight_image'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('insights_test_assigned_idx').on(table.testId, table.assignedId)],
);

export const insightSignificantPoints = pgTable(
  'insight_significant_points',
  {
    insightId: integer('insight_id')
      .notNull()
      .references(() => insights.id, { onDelete: 'cascade' }),
    significantPointId: integer('significant_point_id')
      .notNull()
      .references(() => significantPoints.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.insightId, table.significantPointId] }),
    index('insight_significant_points_point_idx').on(table.significantPointId),
  ],
);

/** Suggestions of a test, ranked from 1 (spec 2 §3 Suggestion); texts are sanitized HTML. */
export const suggestions = pgTable(
  'suggestions',
  {
    id: serial('id').primaryKey(),
    testId: integer('test_id')
      .notNull()
      .references(() => tests.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    suggestion: text('suggestion').notNull().default(''),
    additionalInfo: text('additional_info').notNull().default(''),
    rank: integer('rank').notNull().default(0),
    effort: integer('effort'),
    impact: integer('impact'),
    nextStep: integer('next_step'),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    insightId: integer('insight_id').references(() => insights.id, { onDelete: 'set null' }),
    done: boolean('done').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('suggestions_test_idx').on(table.testId, table.rank),
    check('suggestions_effort_check', sql`${table.effort} is null or ${table.effort} between 1 and 3`),
    check('suggestions_impact_check', sql`${table.impact} is null or ${table.impact} between 1 and 3`),
    check('suggestions_next_step_check', sql`${table.nextStep} is null or ${table.nextStep} between 1 and 4`),
  ],
);
