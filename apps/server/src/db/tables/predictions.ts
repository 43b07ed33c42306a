import { CAPTURE_STATES } from '@limbus/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, real, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { companies, users } from './accounts.js';
import { belongsTo, createdAt, updatedAt } from './columns.js';
import { heatmaps } from './recordings.js';

// Predicted attention: projects, predictions and their areas of interest.

/** A company's folder of predictions (spec 3 /predictions/projects; real, not the spec's placeholders). */
export const predictionProjects = pgTable(
  'prediction_projects',
  {
    id: serial('id').primaryKey(),
    companyId: belongsTo('company_id', () => companies.id),
    requesterId: integer('requester_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('prediction_projects_company_idx').on(table.companyId, table.id)],
);

/** Predicted attention on an uploaded screenshot (spec 3 §3 Prediction/heatmap); images in the file store. */
export const predictions = pgTable(
  'predictions',
  {
    id: serial('id').primaryKey(),
    companyId: belongsTo('company_id', () => companies.id),
    requesterId: integer('requester_id').references(() => users.id, { onDelete: 'set null' }),
    /** The project it is filed in; deleting the project leaves its predictions unfiled. */
    projectId: integer('project_id').references(() => predictionProjects.id, { onDelete: 'set null' }),
    /** The test's heatmap page whose screenshot it predicts (measured against predicted); kept when the page goes. */
    heatmapId: integer('heatmap_id').references(() => heatmaps.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    application: text('application').notNull().default(''),
    /** Format of the uploaded screenshot: 'png' or 'jpg'. */
    imageFormat: text('image_format').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** When the model's images were stored; null before the first generation. */
    generatedAt: timestamp('generated_at', { withTimezone: true }),
    peekthroughAttentionShare: real('peekthrough_attention_share'),
    /** The latest generation job: null when none was asked for (or made by the seed directly). */
    generationState: text('generation_state', { enum: CAPTURE_STATES }),
    generationProgress: integer('generation_progress').notNull().default(0),
    generationMessage: text('generation_message'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('predictions_company_idx').on(table.companyId, table.id),
    index('predictions_project_idx').on(table.projectId),
    check('predictions_image_format_check', sql`${table.imageFormat} in ('png', 'jpg')`),
  ],
);

/** A box drawn on a prediction (spec 3 §3 Area of interest); `value` is its share of the attention. */
export const areasOfInterest = pgTable(
  'areas_of_interest',
  {
    id: serial('id').primaryKey(),
    predictionId: belongsTo('prediction_id', () => predictions.id),
    /** n of the default name 'Box {n}': one more than the prediction's highest so far. */
    ordinal: integer('ordinal').notNull(),
    name: text('name'),
    top: real('top').notNull(),
    left: real('left').notNull(),
    width: real('width').notNull(),
    height: real('height').notNull(),
    value: real('value'),
    createdAt: createdAt(),
  },
  (table) => [index('areas_of_interest_prediction_idx').on(table.predictionId, table.id)],
);
