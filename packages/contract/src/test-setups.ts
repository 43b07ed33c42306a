import { z } from 'zod';
import { idParams, optionalText, requiredText } from './fields.js';
import { defineRoutes } from './route.js';

/** Test setups: the lab recorders and their keys, as the research area manages them (docs/ingestion.md). */

export const TEST_SETUP_STATUS_KEYS = ['eeg', 'eye', 'mouse', 'tapp', 'recorder', 'redis'] as const;
/** A setup is online while its last heartbeat is at most this old. */
export const TEST_SETUP_ONLINE_SECONDS = 60;

export const testSetupStatusSchema = z.strictObject({
  eeg: z.boolean(),
  eye: z.boolean(),
  mouse: z.boolean(),
  tapp: z.boolean(),
  recorder: z.boolean(),
  redis: z.boolean(),
});
export type TestSetupStatus = z.infer<typeof testSetupStatusSchema>;

/**
 * The screen gaze is recorded on and the viewing distance (docs/gaze-analytics.md, Geometry): px of
 * the eye stream's frame, the screen's visible size in mm, eyes to screen in mm. Ranges cover
 * phones to wall displays, and remote trackers' 300–1200 mm.
 */
export const screenGeometrySchema = z.strictObject({
  width_px: z
    .number()
    .int('Screen width must be whole pixels')
    .min(320, 'Screen width must be 320–10000 px')
    .max(10_000, 'Screen width must be 320–10000 px'),
  height_px: z
    .number()
    .int('Screen height must be whole pixels')
    .min(240, 'Screen height must be 240–10000 px')
    .max(10_000, 'Screen height must be 240–10000 px'),
  width_mm: z
    .number()
    .min(50, 'Screen width must be 50–3000 mm')
    .max(3000, 'Screen width must be 50–3000 mm'),
  height_mm: z
    .number()
    .min(30, 'Screen height must be 30–3000 mm')
    .max(3000, 'Screen height must be 30–3000 mm'),
  distance_mm: z
    .number()
    .min(200, 'Viewing distance must be 200–2000 mm')
    .max(2000, 'Viewing distance must be 200–2000 mm'),
});
export type ScreenGeometryInput = z.infer<typeof screenGeometrySchema>;

export const testSetupSchema = z.object({
  id: z.number(),
  name: z.string(),
  ip: z.string(),
  status: testSetupStatusSchema,
  /** Unix seconds of the last heartbeat (of the creation before the first one). */
  updated_at: z.number(),
  /** A heartbeat came within TEST_SETUP_ONLINE_SECONDS. */
  is_online: z.boolean(),
  /** The setup's screen and viewing distance; null: the documented default. */
  geometry: screenGeometrySchema.nullable(),
});
export type TestSetup = z.infer<typeof testSetupSchema>;

export const testSetupListAnswer = z.object({ data: z.object({ test_setups: z.array(testSetupSchema) }) });
export const createTestSetupBody = z.strictObject({
  name: requiredText(255),
  ip: optionalText(255).default(''),
  geometry: screenGeometrySchema.nullable().optional(),
});
/** A setup's name, IP or geometry (null: back to the documented default). */
export const updateTestSetupBody = z
  .strictObject({
    name: requiredText(255).optional(),
    ip: optionalText(255).optional(),
    geometry: screenGeometrySchema.nullable().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'Give name, ip or geometry to change');
export const testSetupAnswer = z.object({ data: testSetupSchema });
/** The setup with its key: the key is shown this once and stored only as its SHA-256. */
export const testSetupWithKeyAnswer = z.object({ data: testSetupSchema, key: z.string() });

/** The lab recorders, as the research area manages them. */
export const testSetupRoutes = defineRoutes('testSetups', {
  list: {
    method: 'GET',
    path: '/test_setups',
    access: 'researcher',
    summary: 'The lab recorders with their status',
    responses: { 200: testSetupListAnswer },
  },
  create: {
    method: 'POST',
    path: '/test_setups',
    access: 'researcher',
    summary: 'Add a lab recorder; answers its key, shown this once',
    body: createTestSetupBody,
    responses: { 201: testSetupWithKeyAnswer },
  },
  update: {
    method: 'PATCH',
    path: '/test_setups/:id',
    access: 'researcher',
    summary: "Change a lab recorder's name, IP or screen geometry (null geometry: the documented default)",
    params: idParams,
    body: updateTestSetupBody,
    responses: { 200: testSetupAnswer },
  },
  rotateKey: {
    method: 'POST',
    path: '/test_setups/:id/key',
    access: 'researcher',
    summary: 'Give a recorder a new key (shown once); the old key stops working',
    params: idParams,
    responses: { 200: testSetupWithKeyAnswer },
  },
  delete: {
    method: 'DELETE',
    path: '/test_setups/:id',
    access: 'researcher',
    summary: 'Remove a lab recorder (its key stops working)',
    params: idParams,
    responses: { 204: null },
  },
});
