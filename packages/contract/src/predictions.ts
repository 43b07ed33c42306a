import { z } from 'zod';
import { idField, idParam, idParams, optionalText, requiredText, signedUrlQuery } from './fields.js';
import { captureSchema } from './heatmaps.js';
import { defineRoutes } from './route.js';

/**
 * Predictions (spec 3 'Predictions', §3 Prediction/heatmap and Area of interest): screenshots a
 * company uploads, with the attention our own model predicts for them (docs/attention-model.md).
 */

export const PREDICTION_TITLE_MAX = 200;
export const AOI_NAME_MAX = 100;
/** Bytes of an uploaded screenshot. */
export const PREDICTION_IMAGE_MAX_BYTES = 15 * 1024 * 1024;
export const PREDICTION_IMAGE_MAX_MEGABYTES = PREDICTION_IMAGE_MAX_BYTES / (1024 * 1024);
/** Pixels of a screenshot: a full page of 1920 × 12,000 at most, so that generation stays within seconds. */
export const PREDICTION_IMAGE_MAX_PIXELS = 1920 * 12_000;
/** Spec 3 'Upload': each upload needs a title before generation. */
export const PREDICTION_TITLE_REQUIRED = 'Each upload needs a title before generation';
export const PREDICTION_IMAGE_REFUSED = 'Only images can be uploaded (PNG or JPEG)';
export const PREDICTION_CONFIRM_DELETE = 'Are you sure?!';
/** Spec 3 §4: a box is kept only when wider than 5 px. */
export const AOI_MIN_WIDTH_PX = 5;
export const AOI_TOO_NARROW = `A box must be wider than ${AOI_MIN_WIDTH_PX} px`;
/** Spec 3 'Upload': the credits for heatmaps. */
export const PREDICTION_CREDITS = 'Unlimited (beta)';

/** The stored images of a prediction, by the name of their signed URL. */
export const PREDICTION_MEDIA = ['image', 'thumb', 'mask', 'result', 'peekthrough', 'heatmap'] as const;
export type PredictionMedia = (typeof PREDICTION_MEDIA)[number];

export const areaOfInterestSchema = z.object({
  id: z.number(),
  /** 'Box {n}' until the researcher names it. */
  name: z.string(),
  top: z.number(),
  left: z.number(),
  width: z.number(),
  height: z.number(),
  /** Share of the predicted attention inside the box (0–1); null until the prediction is generated. */
  value: z.number().nullable(),
});
export type AreaOfInterest = z.infer<typeof areaOfInterestSchema>;

/** Image fields are signed URLs (an `<img src>` sends no token); null until there is such an image. */
export const predictionSchema = z.object({
  id: z.number(),
  /** The project it is filed in, if any. */
  project_id: z.number().nullable(),
  title: z.string(),
  application: z.string(),
  /** Size of the screenshot, px. */
  width: z.number(),
  height: z.number(),
  image: z.string(),
  image_thumb: z.string(),
  image_mask: z.string().nullable(),
  image_result: z.string().nullable(),
  peekthrough: z.string().nullable(),
  heatmap: z.string().nullable(),
  /** Share of the predicted attention in the peekthrough areas (0–1); null until generated. */
  peekthrough_attention_share: z.number().nullable(),
  /**
   * The latest generation, which runs as a job: queued, running (progress 0–100), done, or failed
   * with its reason; null when none was asked for.
   */
  generation: captureSchema.nullable(),
  created_at: z.string(),
  /** E-mail address of who uploaded it; null once that user is removed. */
  requester: z.string().nullable(),
  areas_of_interest: z.array(areaOfInterestSchema),
});
export type Prediction = z.infer<typeof predictionSchema>;
export const predictionListAnswer = z.array(predictionSchema);

export const updatePredictionBody = z.strictObject({
  prediction: z
    .strictObject({
      title: requiredText(PREDICTION_TITLE_MAX),
      application: optionalText(100),
      /** File it in a project of the company, or null to take it out. */
      project_id: idField.nullable(),
    })
    .partial(),
});
export type PredictionChanges = z.infer<typeof updatePredictionBody>['prediction'];

const pixels = (name: string) =>
  z
    .number({ error: `Give ${name} in px` })
    .finite()
    .min(0, `${name} cannot be negative`)
    .max(100_000, `${name} lies outside the image`);

const boxFields = {
  top: pixels('top'),
  left: pixels('left'),
  width: pixels('width').refine((width) => width > AOI_MIN_WIDTH_PX, AOI_TOO_NARROW),
  height: pixels('height'),
};
/** An empty name gives the box its default name back ('Box {n}'). */
const aoiName = optionalText(AOI_NAME_MAX).nullable();

export const createAreaOfInterestBody = z.strictObject({
  area_of_interest: z.strictObject({ ...boxFields, name: aoiName.optional() }),
});
export type NewAreaOfInterest = z.infer<typeof createAreaOfInterestBody>['area_of_interest'];
export const updateAreaOfInterestBody = z.strictObject({
  area_of_interest: z.strictObject({ ...boxFields, name: aoiName }).partial(),
});
export type AreaOfInterestChanges = z.infer<typeof updateAreaOfInterestBody>['area_of_interest'];

export const areaOfInterestParams = z.strictObject({ id: idParam, aid: idParam });
export const predictionMediaParams = z.strictObject({
  id: idParam,
  kind: z.enum(PREDICTION_MEDIA, { error: `One of ${PREDICTION_MEDIA.join(', ')}` }),
});
export const predictionMediaQuery = signedUrlQuery.extend({
  v: z
    .string()
    .regex(/^\d{1,15}$/, 'v must be a version number')
    .optional(),
});

export const PROJECT_NAME_MAX = 100;
export const PROJECT_DESCRIPTION_MAX = 500;
export const PROJECT_CONFIRM_DELETE =
  'Are you sure?! The heatmaps of this project stay, outside any project.';

/** A company's folder of predictions (spec 3 /predictions/projects), with what its card shows. */
export const predictionProjectSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  created_at: z.string(),
  /** E-mail address of who made it; null once that user is removed. */
  requester: z.string().nullable(),
  heatmaps_count: z.number(),
  /** The thumbnail of its newest heatmap, a signed URL; null while it has none. */
  image_thumb: z.string().nullable(),
});
export type PredictionProject = z.infer<typeof predictionProjectSchema>;
export const predictionProjectListAnswer = z.array(predictionProjectSchema);
/** A project with its heatmaps, newest first. */
export const predictionProjectDetail = predictionProjectSchema.extend({ heatmaps: predictionListAnswer });
export type PredictionProjectDetail = z.infer<typeof predictionProjectDetail>;

const projectFields = {
  name: requiredText(PROJECT_NAME_MAX),
  description: optionalText(PROJECT_DESCRIPTION_MAX),
};
export const createProjectBody = z.strictObject({
  project: z.strictObject({ ...projectFields, description: projectFields.description.optional() }),
});
export type NewPredictionProject = z.infer<typeof createProjectBody>['project'];
export const updateProjectBody = z.strictObject({ project: z.strictObject(projectFields).partial() });
export type PredictionProjectChanges = z.infer<typeof updateProjectBody>['project'];

/** Spec 3 'Upload': the devices of a capture, by their viewport width. */
export const CAPTURE_DEVICES = {
  desktop: { label: 'Desktop', width: 1920, height: 1080 },
  mobile: { label: 'Mobile', width: 390, height: 844 },
} as const;
export type CaptureDevice = keyof typeof CAPTURE_DEVICES;
export const CAPTURE_VIEWS = { above_fold: 'Above the fold', full_page: 'Full page' } as const;
export type CaptureView = keyof typeof CAPTURE_VIEWS;
/** Spec 3 §5: a capture needs a device and at least one of above the fold or full page. */
export const CAPTURE_DEVICE_REQUIRED = 'Choose a device: Desktop or Mobile';
export const CAPTURE_VIEW_REQUIRED = 'Choose above the fold, full page or both';

/** One screenshot the server captures of a web address, as a new prediction. */
export const capturePredictionBody = z.strictObject({
  prediction: z.strictObject({
    url: requiredText(2000),
    device: z.enum(['desktop', 'mobile'], { error: CAPTURE_DEVICE_REQUIRED }),
    view: z.enum(['above_fold', 'full_page'], { error: CAPTURE_VIEW_REQUIRED }),
    /** May come empty: the service answers with the spec's words that a title is needed. */
    title: optionalText(PREDICTION_TITLE_MAX),
    application: optionalText(100).optional(),
    project_id: idField.nullable().optional(),
  }),
});
export type PredictionCapture = z.infer<typeof capturePredictionBody>['prediction'];

/** A heatmap page of a test (measured against predicted). */
export const pagePredictionParams = z.strictObject({ id: idParam, hid: idParam });
/**
 * A heatmap page's newest prediction, or null while it has none: not having been predicted yet is
 * a state of the page, answered 200 (a 404 would be logged by browsers as a failed request).
 */
export const pagePredictionAnswer = z.object({ prediction: predictionSchema.nullable() });
export type PagePrediction = z.infer<typeof pagePredictionAnswer>;
export const PAGE_WITHOUT_SCREENSHOT = 'This heatmap page has no screenshot yet; upload or capture one first';

export const predictionListQuery = z.strictObject({ project_id: idParam.optional() });

/**
 * A company's predictions: its users read and write them (demo users read), nobody else sees
 * them. Upload with POST (multipart: `file`, `title`, optional `application`), then generate.
 */
export const predictionRoutes = defineRoutes('predictions', {
  list: {
    method: 'GET',
    path: '/predictions',
    access: 'user',
    summary: "The company's predictions, newest first; those of one project with project_id",
    query: predictionListQuery,
    responses: { 200: predictionListAnswer },
  },
  create: {
    method: 'POST',
    path: '/predictions',
    access: 'user',
    summary: `Upload a screenshot to predict (multipart fields "file", "title", optional "application" and "project_id"; PNG or JPEG, checked by content, at most ${PREDICTION_IMAGE_MAX_MEGABYTES} MB)`,
    multipart: 'only',
    responses: { 201: predictionSchema },
    errors: [400, 403, 413, 415],
  },
  capture: {
    method: 'POST',
    path: '/predictions/capture',
    access: 'user',
    summary:
      'Capture a web page in the server’s browser (Desktop 1920 or Mobile 390 px wide, above the fold or the full page) as a new prediction to generate',
    body: capturePredictionBody,
    responses: { 201: predictionSchema },
    errors: [400, 403],
  },
  listProjects: {
    method: 'GET',
    path: '/prediction_projects',
    access: 'user',
    summary: "The company's prediction projects, newest first",
    responses: { 200: predictionProjectListAnswer },
  },
  createProject: {
    method: 'POST',
    path: '/prediction_projects',
    access: 'user',
    summary: 'Start a project to file predictions in',
    body: createProjectBody,
    responses: { 201: predictionProjectSchema },
    errors: [403],
  },
  getProject: {
    method: 'GET',
    path: '/prediction_projects/:id',
    access: 'user',
    summary: 'One project with its heatmaps, newest first',
    params: idParams,
    responses: { 200: predictionProjectDetail },
  },
  updateProject: {
    method: 'PATCH',
    path: '/prediction_projects/:id',
    access: 'user',
    summary: 'Rename a project or change its description',
    params: idParams,
    body: updateProjectBody,
    responses: { 200: predictionProjectSchema },
    errors: [403],
  },
  deleteProject: {
    method: 'DELETE',
    path: '/prediction_projects/:id',
    access: 'user',
    summary: 'Delete a project; its heatmaps stay, outside any project',
    params: idParams,
    responses: { 204: null },
    errors: [403],
  },
  pagePrediction: {
    method: 'GET',
    path: '/tests/:id/heatmaps/:hid/prediction',
    access: 'user',
    summary:
      "The newest prediction of a heatmap page's screenshot, for the readers of the test's results (measured against predicted), as `prediction`; null while the page has none",
    params: pagePredictionParams,
    responses: { 200: pagePredictionAnswer },
    errors: [403],
  },
  predictPage: {
    method: 'POST',
    path: '/tests/:id/heatmaps/:hid/prediction',
    access: 'user',
    summary:
      "Predict the attention on a heatmap page's screenshot (the test's researchers and its company's users): a new prediction of the test's company",
    params: pagePredictionParams,
    responses: { 201: predictionSchema },
    errors: [403, 409],
  },
  get: {
    method: 'GET',
    path: '/predictions/:id',
    access: 'user',
    summary: 'One prediction with its images and areas of interest',
    params: idParams,
    responses: { 200: predictionSchema },
  },
  update: {
    method: 'PATCH',
    path: '/predictions/:id',
    access: 'user',
    summary: 'Rename a prediction or change its application',
    params: idParams,
    body: updatePredictionBody,
    responses: { 200: predictionSchema },
    errors: [403],
  },
  delete: {
    method: 'DELETE',
    path: '/predictions/:id',
    access: 'user',
    summary: 'Delete a prediction with its images',
    params: idParams,
    responses: { 204: null },
    errors: [403],
  },
  generate: {
    method: 'GET',
    path: '/predictions/:id/generate',
    access: 'user',
    summary:
      'Queue the attention model on the screenshot (a job stores the heatmap, mask, peekthrough and result images and the boxes’ shares); answers at once with `generation` queued. While one is queued or running, answers it without queueing another',
    params: idParams,
    responses: { 200: predictionSchema },
    errors: [403, 409],
  },
  media: {
    method: 'GET',
    path: '/predictions/:id/media/:kind',
    access: 'signed',
    summary: "One of a prediction's images (PNG or JPEG), by the signed URL in the prediction's fields",
    params: predictionMediaParams,
    query: predictionMediaQuery,
    responses: { 200: { file: 'image/*' } },
  },
  createArea: {
    method: 'POST',
    path: '/predictions/:id/areas_of_interest',
    access: 'user',
    summary: 'Draw a box (wider than 5 px); answers it with its share of the predicted attention',
    params: idParams,
    body: createAreaOfInterestBody,
    responses: { 201: areaOfInterestSchema },
    errors: [403],
  },
  updateArea: {
    method: 'PATCH',
    path: '/predictions/:id/areas_of_interest/:aid',
    access: 'user',
    summary: 'Move, resize or rename a box (an empty name restores "Box {n}")',
    params: areaOfInterestParams,
    body: updateAreaOfInterestBody,
    responses: { 200: areaOfInterestSchema },
    errors: [403],
  },
  deleteArea: {
    method: 'DELETE',
    path: '/predictions/:id/areas_of_interest/:aid',
    access: 'user',
    summary: 'Remove a box',
    params: areaOfInterestParams,
    responses: { 204: null },
    errors: [403],
  },
});
