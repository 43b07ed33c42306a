import { z } from 'zod';
import { LABEL_MATCH_TYPES } from './constants.js';
import {
  cohortField,
  cohortQuery,
  idField,
  idParam,
  idParams,
  optionalText,
  signedUrlQuery,
} from './fields.js';
import { defineRoutes } from './route.js';

/**
 * Heatmap pages of a test (spec 3 §2 Heatmaps): a name, the URL participants' mouse URLs are
 * matched against, and a screenshot the gaze or clicks are drawn over. Creation is permissive
 * (spec: nothing is validated before creation), but wrong types are refused
 * (docs/decisions/heatmaps-journey-and-benchmark.md).
 */

/** How a page without a name is shown. */
export const HEATMAP_UNTITLED = 'Untitled';
export const HEATMAP_MATCH_TYPE_NAMES = { exact: 'Exact match', starts_with: 'Starts with' } as const;
export const HEATMAP_NAME_MAX = 255;
export const HEATMAP_URL_MAX = 2048;
/** Bytes of an uploaded or captured screenshot (a full-page capture of a long page is large). */
export const HEATMAP_SCREENSHOT_MAX_BYTES = 20 * 1024 * 1024;
export const HEATMAP_SCREENSHOT_MAX_MEGABYTES = HEATMAP_SCREENSHOT_MAX_BYTES / (1024 * 1024);
export const HEATMAP_SCREENSHOT_REFUSED = 'Upload an image: PNG, JPEG, GIF or WebP';
/** The question before a heatmap page is deleted (spec 3 §9). */
export const HEATMAP_DELETE_CONFIRM = 'Delete this heatmap page and its screenshot?';

/** The name of a stored screenshot: random, given by the upload. */
export const heatmapScreenshotName = z
  .string({ error: 'Upload the screenshot first and use the name it was given' })
  .regex(/^[0-9a-f]{32}\.(png|jpg|gif|webp)$/, 'Upload the screenshot first and use the name it was given');

export const CAPTURE_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type CaptureState = (typeof CAPTURE_STATES)[number];

/** A screenshot capture on the server: progress 0–100, and why it failed. */
export const captureSchema = z.object({
  state: z.enum(CAPTURE_STATES),
  progress: z.number(),
  message: z.string().nullable(),
});
export type Capture = z.infer<typeof captureSchema>;

export const heatmapPageSchema = z.object({
  id: z.number(),
  test_id: z.number(),
  /** As stored: may be empty (shown as 'Untitled'). */
  name: z.string(),
  url: z.string(),
  match_type: z.enum(LABEL_MATCH_TYPES),
  /** Signed URL of the screenshot, or null. */
  screenshot: z.string().nullable(),
  /**
   * The screenshot's size in px (beyond the spec, so that the viewer reserves its place before it
   * loads); null without a screenshot or when its size could not be read.
   */
  screenshot_width: z.number().nullable(),
  screenshot_height: z.number().nullable(),
  /** The latest capture, or null when none was asked for. */
  capture: captureSchema.nullable(),
  created_at: z.number(),
  updated_at: z.number(),
});
export type HeatmapPage = z.infer<typeof heatmapPageSchema>;

const heatmapFields = {
  name: optionalText(HEATMAP_NAME_MAX),
  url: optionalText(HEATMAP_URL_MAX),
  match_type: z.enum(LABEL_MATCH_TYPES, { error: 'Choose Exact match or Starts with' }),
  /** The name an upload answered; null removes the screenshot. */
  screenshot: heatmapScreenshotName.nullable(),
};

export const heatmapBody = z.strictObject({ heatmap: z.strictObject(heatmapFields).partial() });
export type HeatmapInput = z.infer<typeof heatmapBody>['heatmap'];

export const heatmapListAnswer = z.object({ data: z.object({ heatmaps: z.array(heatmapPageSchema) }) });
export const heatmapAnswer = z.object({ data: heatmapPageSchema });
export const heatmapScreenshotAnswer = z.object({ name: z.string(), url: z.string() });

export const HEATMAP_KINDS = ['gaze', 'clicks'] as const;
export type HeatmapKind = (typeof HEATMAP_KINDS)[number];
/** Spec 3 §2: 'First x seconds' (packages/analytics FIRST_SECONDS_OPTIONS); 'all' keeps whole visits. */
export const HEATMAP_FIRST_SECONDS = ['all', '1', '2', '5', '10', '20', '30', '60'] as const;

const firstSecondsField = z
  .enum(HEATMAP_FIRST_SECONDS, { error: 'Choose all, 1, 2, 5, 10, 20, 30 or 60' })
  .optional();

/**
 * The emotion-coloured map: gaze only around the peaks of one emotion
 * (docs/decisions/heatmaps-journey-and-benchmark.md).
 */
export const HEATMAP_PEAK_EMOTIONS = ['frustration', 'joy'] as const;
export type HeatmapPeakEmotion = (typeof HEATMAP_PEAK_EMOTIONS)[number];

export const heatmapPointsQuery = z.strictObject({
  kind: z.enum(HEATMAP_KINDS, { error: 'Choose gaze or clicks' }).optional(),
  first_seconds: firstSecondsField,
  /** One participant's points only. */
  participant_id: idParam.optional(),
  /** Only the gaze from 2.5 s before to 0.5 s after each peak of this emotion. */
  peaks: z.enum(HEATMAP_PEAK_EMOTIONS, { error: 'Choose frustration or joy' }).optional(),
  cohort: cohortField,
});

/** Areas of interest in a query: `left,top,width,height` in page px, areas separated by `;`. */
export const HEATMAP_AREAS_MAX = 20;
const NUMBER = String.raw`\d{1,6}(?:\.\d{1,3})?`;
const AREA = `${NUMBER},${NUMBER},${NUMBER},${NUMBER}`;
const AREAS_PATTERN = new RegExp(`^${AREA}(?:;${AREA}){0,${HEATMAP_AREAS_MAX - 1}}$`);
export const heatmapAreasField = z
  .string({ error: 'Give the areas as left,top,width,height;…' })
  .regex(
    AREAS_PATTERN,
    `Give 1 to ${HEATMAP_AREAS_MAX} areas as left,top,width,height (page px), separated by ;`,
  )
  .transform((text) =>
    text.split(';').map((area) => {
      const [left = 0, top = 0, width = 0, height = 0] = area.split(',').map(Number);
      return { left, top, width, height };
    }),
  );

export const heatmapAreasQuery = z.strictObject({
  areas: heatmapAreasField,
  first_seconds: firstSecondsField,
  cohort: cohortField,
});

const emotionMeans = z.object({ joy: z.number(), attention: z.number(), frustration: z.number() });

/** What an area drew; times in ms, emotions 0–1, means over the participants who looked. */
export const heatmapAreaSchema = z.object({
  left: z.number(),
  top: z.number(),
  width: z.number(),
  height: z.number(),
  looked: z.number(),
  looked_share: z.number(),
  time_to_first_fixation: z.number().nullable(),
  dwell_time: z.number().nullable(),
  revisits: z.number().nullable(),
  emotions: emotionMeans.nullable(),
  /**
   * Narrower, on its smaller side, than the answer's `min_area_px`: the webcam gaze counted cannot
   * tell gaze inside it from gaze beside it. Its figures stay; it takes no rank.
   */
  too_small_for_webcam: z.boolean(),
  /** 1 = drew the most fixation time per visitor; ties share the better rank; null when flagged. */
  rank: z.number().nullable(),
});
export type HeatmapArea = z.infer<typeof heatmapAreaSchema>;
export const heatmapAreasAnswer = z.object({
  data: z.object({
    participants: z.number(),
    /**
     * The webcam gaze's accuracy in page px (the median of the webcam participants' best
     * validation accuracy); null when no webcam participant with a measured accuracy is counted.
     */
    webcam_accuracy_px: z.number().nullable(),
    /** The smallest area webcam gaze tells apart: 2 × webcam_accuracy_px (its smaller side); null likewise. */
    min_area_px: z.number().nullable(),
    areas: z.array(heatmapAreaSchema),
  }),
});

/** The gaze plot: at most this many participants at once (more is unreadable). */
export const GAZE_PLOT_MAX_PARTICIPANTS = 5;
const participantIdList = z
  .string()
  .regex(
    new RegExp(`^[1-9]\\d{0,9}(?:,[1-9]\\d{0,9}){0,${GAZE_PLOT_MAX_PARTICIPANTS - 1}}$`),
    `Choose 1 to ${GAZE_PLOT_MAX_PARTICIPANTS} participants (ids separated by commas)`,
  )
  .transform((text) => [...new Set(text.split(',').map(Number))])
  .pipe(z.array(idField));

export const heatmapFixationsQuery = z.strictObject({
  participant_ids: participantIdList,
  first_seconds: firstSecondsField,
});

/** One participant's fixations on the page, in order: page px, ms since their first look at the page. */
export const heatmapFixationsSchema = z.object({
  participant_id: z.number(),
  /** Packed [x, y, duration ms, page time ms] per fixation. */
  fixations: z.array(z.number()),
});
export const heatmapFixationsAnswer = z.object({
  data: z.object({ participants: z.array(heatmapFixationsSchema) }),
});

export const heatmapScrollReachSchema = z.object({
  participants: z.number(),
  step_px: z.number(),
  /** Share (0–1) of the visitors who saw the page down to i × step_px. */
  shares: z.array(z.number()),
  page_height: z.number(),
});
export type HeatmapScrollReach = z.infer<typeof heatmapScrollReachSchema>;
export const heatmapScrollReachAnswer = z.object({ data: heatmapScrollReachSchema });

/**
 * The points binned into the density engine's cells (heatmap-cells.ts: packPointCells, and
 * unpackPointCells to read them), a sixth of the JSON of the points themselves on the demo.
 */
export const heatmapPointsSchema = z.object({
  kind: z.enum(HEATMAP_KINDS),
  /** Participants whose visits matched the page. */
  participants: z.number(),
  /** Gaze samples or clicks in all (the counts of the cells added up). */
  samples: z.number(),
  /** Side of a cell in page px. */
  cell_px: z.number(),
  /** The occupied cells in row-major order, packed as [row step, column, count, …]. */
  cells: z.array(z.number()),
});
export type HeatmapPoints = z.infer<typeof heatmapPointsSchema>;
export const heatmapPointsAnswer = z.object({ data: heatmapPointsSchema });

const heatmapParams = z.strictObject({ id: idParam, hid: idParam });
const screenshotParams = z.strictObject({ id: idParam, name: heatmapScreenshotName });

/**
 * Widths (px) of the smaller copies of a screenshot the viewer may ask for with `width`: a phone
 * shows a 1920 px page some 700 device px wide and loads a sixth of the bytes (WebP, made on the
 * first request and kept beside the screenshot).
 */
export const HEATMAP_SCREENSHOT_WIDTHS = [480, 960] as const;
const screenshotQuery = signedUrlQuery.extend({
  width: z
    .enum(HEATMAP_SCREENSHOT_WIDTHS.map(String) as ['480', '960'], { error: 'Choose a width of 480 or 960' })
    .optional(),
});

/** Read by whoever reads the test's results (every tier); written by the research area. */
export const heatmapRoutes = defineRoutes('heatmaps', {
  list: {
    method: 'GET',
    path: '/tests/:id/heatmaps',
    access: 'user',
    summary: "A test's heatmap pages, oldest first (read as data.heatmaps)",
    params: idParams,
    responses: { 200: heatmapListAnswer },
  },
  get: {
    method: 'GET',
    path: '/tests/:id/heatmaps/:hid',
    access: 'user',
    summary: 'One heatmap page with its capture state (read as data)',
    params: heatmapParams,
    responses: { 200: heatmapAnswer },
  },
  points: {
    method: 'GET',
    path: '/tests/:id/heatmaps/:hid/points',
    access: 'user',
    summary:
      'Gaze or click points on the page for every participant whose mouse URLs match it (or one), in page px',
    params: heatmapParams,
    query: heatmapPointsQuery,
    responses: { 200: heatmapPointsAnswer },
  },
  areas: {
    method: 'GET',
    path: '/tests/:id/heatmaps/:hid/areas',
    access: 'user',
    summary:
      'Per area of interest: share of participants who looked, time to first fixation, dwell time, revisits and the emotions while looking',
    params: heatmapParams,
    query: heatmapAreasQuery,
    responses: { 200: heatmapAreasAnswer },
  },
  fixations: {
    method: 'GET',
    path: '/tests/:id/heatmaps/:hid/fixations',
    access: 'user',
    summary: 'The gaze plot: the fixations of chosen participants on the page, in order (page px, ms)',
    params: heatmapParams,
    query: heatmapFixationsQuery,
    responses: { 200: heatmapFixationsAnswer },
  },
  scrollReach: {
    method: 'GET',
    path: '/tests/:id/heatmaps/:hid/scroll_reach',
    access: 'user',
    summary: 'The scroll-reach map: the share of the visitors who saw each depth of the page',
    params: heatmapParams,
    query: cohortQuery,
    responses: { 200: heatmapScrollReachAnswer },
  },
  create: {
    method: 'POST',
    path: '/tests/:id/heatmaps',
    access: 'researcher',
    summary: 'A new heatmap page; every field may be left out (an empty name shows as Untitled)',
    params: idParams,
    body: heatmapBody,
    responses: { 201: heatmapAnswer },
  },
  update: {
    method: 'PATCH',
    path: '/tests/:id/heatmaps/:hid',
    access: 'researcher',
    summary: 'Change a heatmap page; `screenshot` takes the name an upload answered (null removes it)',
    params: heatmapParams,
    body: heatmapBody,
    responses: { 200: heatmapAnswer },
  },
  delete: {
    method: 'DELETE',
    path: '/tests/:id/heatmaps/:hid',
    access: 'researcher',
    summary: 'Remove a heatmap page and its screenshot',
    params: heatmapParams,
    responses: { 204: null },
  },
  capture: {
    method: 'POST',
    path: '/tests/:id/heatmaps/:hid/capture',
    access: 'researcher',
    summary:
      "Capture the page's URL on the server (1920×1080, full page, consent banners hidden) as a job; poll the page for its progress",
    params: heatmapParams,
    responses: { 202: heatmapAnswer },
    errors: [409],
  },
  upload: {
    method: 'POST',
    path: '/tests/:id/heatmap_screenshots',
    access: 'researcher',
    summary: 'Upload a screenshot (multipart field `file`; PNG, JPEG, GIF or WebP, checked by content)',
    multipart: 'only',
    params: idParams,
    responses: { 201: heatmapScreenshotAnswer },
    errors: [413, 415],
  },
  screenshot: {
    method: 'GET',
    path: '/tests/:id/heatmap_screenshots/:name',
    access: 'signed',
    summary:
      'A stored screenshot, by the signed URL a heatmap page or an upload answered; with `width`, a copy that wide (WebP) when the screenshot is wider',
    params: screenshotParams,
    query: screenshotQuery,
    responses: { 200: { file: 'image/*' } },
  },
});
