import { EMOTIONS, LABEL_MATCH_TYPES } from '@limbus/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { participants } from './participants.js';
import { tests } from './tests.js';

export const emotionEnum = pgEnum('emotion', EMOTIONS);
export const labelMatchTypeEnum = pgEnum('label_match_type', LABEL_MATCH_TYPES);

/** Emotion peaks found by detection; researchers comment, tag and mark false positives. */
export const significantPoints = pgTable(
  'significant_points',
  {
    id: serial('id').primaryKey(),
    participantId: integer('participant_id')
      .notNull()
      .references(() => participants.id, { onDelete: 'cascade' }),
    emotion: emotionEnum('emotion').notNull(),
    /** Epoch milliseconds of the peak. */
    timestampTop: doublePrecision('timestamp_top').notNull(),
    score: real('score').notNull().default(0),
    ranking: integer('ranking').notNull().default(0),
    comment: text('comment').notNull().default(''),
    translation: text('translation').notNull().default(''),
    falsePositive: boolean('false_positive').notNull().default(false),
    /** Set when a researcher changed the point: a recomputation keeps it. */
    edited: boolean('edited').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [index('significant_points_participant_idx').on(table.participantId, table.timestampTop)],
);

export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    testId: integer('test_id')
      .notNull()
      .references(() => tests.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
  },
  (table) => [uniqueIndex('tags_test_name_idx').on(table.testId, sql`lower(${table.name})`)],
);

export const significantPointTags = pgTable(
  'significant_point_tags',
  {
    significantPointId: integer('significant_point_id')
      .notNull()
      .references(() => significantPoints.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.significantPointId, table.tagId] }),
    index('significant_point_tags_tag_idx').on(table.tagId),
  ],
);

/** Page titles of a test; sections and page visits point at them. */
export const labels = pgTable(
  'labels',
  {
    id: serial('id').primaryKey(),
    testId: integer('test_id')
      .notNull()
      .references(() => tests.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    urls: jsonb('urls').$type<string[]>().notNull().default([]),
    matchType: labelMatchTypeEnum('match_type').notNull().default('starts_with'),
  },
  (table) => [index('labels_test_idx').on(table.testId)],
);

/** Parts of a participant's recording marked by a researcher, each linked to a page title. */
export const sections = pgTable(
  'sections',
  {
    id: serial('id').primaryKey(),
    participantId: integer('participant_id')
      .notNull()
      .references(() => participants.id, { onDelete: 'cascade' }),
    labelId: integer('label_id').references(() => labels.id, { onDelete: 'set null' }),
    /** Epoch milliseconds. */
    timestampStart: doublePrecision('timestamp_start').notNull(),
    timestampEnd: doublePrecision('timestamp_end').notNull(),
  },
  (table) => [index('sections_participant_idx').on(table.participantId, table.timestampStart)],
);
