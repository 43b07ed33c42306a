import { CAPTURE_STATES } from '@limbus/contract';
import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { labelMatchTypeEnum } from './annotations.js';
import { createdAt, updatedAt } from './columns.js';
import { tests } from './tests.js';

/**
 * Heatmap pages of a test (spec 3 §2): gaze and clicks of the visits whose URL matches are drawn
 * over the screenshot (a file of the store, `heatmap-screenshots/<test>/<name>`). The latest
 * server-side capture keeps its state, progress (0–100) and the message shown when it failed.
 */
export const heatmaps = pgTable(
  'heatmaps',
  {
    id: serial('id').primaryKey(),
    testId: integer('test_id')
      .notNull()
      .references(() => tests.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    url: text('url').notNull().default(''),
    matchType: labelMatchTypeEnum('match_type').notNull().default('exact'),
    screenshot: text('screenshot'),
    /** The screenshot's size in px, read from its header when stored (null for rows from before 0022 until read). */
    screenshotWidth: integer('screenshot_width'),
    screenshotHeight: integer('screenshot_height'),
    captureState: text('capture_state', { enum: CAPTURE_STATES }),
    captureProgress: integer('capture_progress').notNull().default(0),
    captureMessage: text('capture_message'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('heatmaps_test_idx').on(table.testId)],
);
