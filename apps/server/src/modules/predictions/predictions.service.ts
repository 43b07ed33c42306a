import type { DensityGrid } from '@limbus/analytics';
import {
  type AreaOfInterest,
  type AreaOfInterestChanges,
  idParam,
  type NewAreaOfInterest,
  PREDICTION_TITLE_MAX,
  PREDICTION_TITLE_REQUIRED,
  type Prediction,
  type PredictionCapture,
  type PredictionChanges,
} from '@limbus/contract';
import type { Deps } from '../../deps.js';
import { AppError, forbidden } from '../../http/app-error.js';
import { loadFor } from '../../http/load-for.js';
import { type Actor, authorize } from '../../http/policy.js';
import { shareIn } from './prediction-generation.js';
import { enqueueGeneration } from './prediction-generation-job.js';
import {
  cleanUploadedPrediction,
  decodeScreenshot,
  densityOfMask,
  predictionFolder,
  predictionMediaKey,
  renderThumb,
  type ScreenshotFormat,
  screenshotFormat,
} from './prediction-images.js';
import { companyHasProject } from './prediction-projects.repository.js';
import { toAreaAnswer, toPredictionAnswer } from './predictions.mappers.js';
import {
  type AreaBox,
  deleteAreaRow,
  deletePredictionRow,
  findAreaRow,
  findPredictionRow,
  insertArea,
  insertPrediction,
  listAreaRows,
  listPredictionRows,
  type PredictionRow,
  updateArea,
  updatePrediction,
} from './predictions.repository.js';

/** What an upload form holds: the screenshot's bytes and the text fields. */
export type PredictionUpload = {
  file: Buffer | null;
  title: string;
  application: string;
  /** A form field: digits, or empty for no project. */
  projectId: string;
};

const PREDICTION = 'The prediction';

const load = (deps: Deps, actor: Actor, id: number, action: 'prediction.read' | 'prediction.write') =>
  loadFor(actor, action, PREDICTION, findPredictionRow(deps.db, id, actor.companyId));

async function answerOf(deps: Deps, row: PredictionRow): Promise<Prediction> {
  return toPredictionAnswer(deps, row, await listAreaRows(deps.db, [row.id]));
}

/** The company's predictions, newest first; with `projectId` those filed in that project. */
export async function listPredictions(deps: Deps, actor: Actor, projectId?: number): Promise<Prediction[]> {
  if (actor.companyId === null) return [];
  const rows = await listPredictionRows(deps.db, actor.companyId, projectId);
  const areas = await listAreaRows(
    deps.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toPredictionAnswer(deps, row, areas));
}

export async function getPrediction(deps: Deps, actor: Actor, id: number): Promise<Prediction> {
  return answerOf(deps, await load(deps, actor, id, 'prediction.read'));
}

function checkTitle(title: string): string {
  const trimmed = title.trim();
  if (!trimmed) throw AppError.fieldError('validation', 'title', PREDICTION_TITLE_REQUIRED);
  if (trimmed.length > PREDICTION_TITLE_MAX)
    throw AppError.fieldError(
      'validation',
      'title',
      `At most ${PREDICTION_TITLE_MAX} characters are allowed`,
    );
  return trimmed;
}

/** A project a prediction may be filed in: one of the company's, else 400 on `project_id`. */
async function checkProject(deps: Deps, companyId: number, projectId: number | null): Promise<void> {
  if (projectId === null) return;
  if (!(await companyHasProject(deps.db, projectId, companyId)))
    throw AppError.fieldError('validation', 'project_id', 'This project does not exist');
}

function projectIdOfForm(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const parsed = idParam.safeParse(trimmed);
  if (!parsed.success)
    throw AppError.fieldError('validation', 'project_id', 'Must be a positive whole number');
  return parsed.data;
}

/** Stores a new prediction's screenshot and thumbnail; answers its id. */
export async function storeNewPrediction(
  deps: Pick<Deps, 'db' | 'files'>,
  actor: { id: number; companyId: number },
  fields: { title: string; application: string; projectId: number | null; heatmapId?: number },
  bytes: Buffer,
): Promise<number> {
  const format = screenshotFormat(bytes);
  const { width, height } = await decodeScreenshot(bytes);
  const thumb = await renderThumb(bytes);
  const id = await insertPrediction(deps.db, {
    companyId: actor.companyId,
    requesterId: actor.id,
    projectId: fields.projectId,
    heatmapId: fields.heatmapId ?? null,
    title: fields.title,
    application: fields.application.trim().slice(0, 100),
    imageFormat: format,
    width,
    height,
  });
  await deps.files.put(predictionMediaKey(id, 'image', format), bytes);
  await deps.files.put(predictionMediaKey(id, 'thumb', format), thumb);
  return id;
}

function writerOfCompany(actor: Actor): Actor & { companyId: number } {
  const { companyId } = actor;
  if (companyId === null) throw forbidden('Predictions belong to a company; this account has none');
  authorize(actor, 'prediction.write', { companyId });
  return { ...actor, companyId };
}

/** Users of a company upload (not demo users); `readForm` reads the upload only once the actor may. */
export async function createPrediction(
  deps: Deps,
  actor: Actor,
  readForm: () => Promise<PredictionUpload>,
): Promise<Prediction> {
  const writer = writerOfCompany(actor);
  const form = await readForm();
  if (!form.file) throw AppError.fieldError('validation', 'file', 'Choose an image to upload');
  const title = checkTitle(form.title);
  const projectId = projectIdOfForm(form.projectId);
  await checkProject(deps, writer.companyId, projectId);
  const id = await storeNewPrediction(
    deps,
    writer,
    { title, application: form.application, projectId },
    await cleanUploadedPrediction(form.file),
  );
  return getPrediction(deps, actor, id);
}

/**
 * Captures a web page in the server's browser (the heatmaps' capture with its address checks) at
 * the device's width, above the fold or the full page, and stores it as a new prediction.
 */
export async function capturePrediction(
  deps: Deps,
  actor: Actor,
  input: PredictionCapture,
  capture: (input: PredictionCapture) => Promise<Buffer>,
): Promise<Prediction> {
  const writer = writerOfCompany(actor);
  const title = checkTitle(input.title);
  const projectId = input.project_id ?? null;
  await checkProject(deps, writer.companyId, projectId);
  const bytes = await capture(input);
  const fields = { title, application: input.application ?? '', projectId };
  return getPrediction(deps, actor, await storeNewPrediction(deps, writer, fields, bytes));
}

export async function changePrediction(
  deps: Deps,
  actor: Actor,
  id: number,
  changes: PredictionChanges,
): Promise<Prediction> {
  const row = await load(deps, actor, id, 'prediction.write');
  if (changes.project_id !== undefined) await checkProject(deps, row.companyId, changes.project_id);
  const { project_id: projectId, ...fields } = changes;
  await updatePrediction(deps.db, id, { ...fields, ...(projectId !== undefined ? { projectId } : {}) });
  return getPrediction(deps, actor, id);
}

export async function deletePrediction(deps: Deps, actor: Actor, id: number): Promise<void> {
  await load(deps, actor, id, 'prediction.write');
  await deletePredictionRow(deps.db, id);
  try {
    await deps.files.deletePrefix(predictionFolder(id));
  } catch (error) {
    deps.log.warn({ err: error, predictionId: id }, 'prediction images not removed');
  }
}

const formatOf = (row: PredictionRow) => row.imageFormat as ScreenshotFormat;

/**
 * Queues the prediction's generation (prediction-generation-job.ts) and answers it queued, or as it
 * is while one is queued or running; refused while its title is empty (spec 3: each upload needs a title).
 */
export async function generatePrediction(deps: Deps, actor: Actor, id: number): Promise<Prediction> {
  const row = await load(deps, actor, id, 'prediction.write');
  checkTitle(row.title);
  await enqueueGeneration(deps, id);
  return getPrediction(deps, actor, id);
}

/** The attention of a generated prediction, read back from its mask; null before generation. */
async function densityOf(deps: Deps, row: PredictionRow): Promise<DensityGrid | null> {
  if (!row.generatedAt) return null;
  const mask = await deps.files.get(predictionMediaKey(row.id, 'mask', formatOf(row)));
  return mask ? densityOfMask(mask) : null;
}

function checkInside(row: PredictionRow, box: AreaBox): void {
  if (box.left >= row.width || box.top >= row.height)
    throw AppError.fieldError('validation', 'left', 'The box lies outside the image');
}

export async function createAreaOfInterest(
  deps: Deps,
  actor: Actor,
  id: number,
  input: NewAreaOfInterest,
): Promise<AreaOfInterest> {
  const row = await load(deps, actor, id, 'prediction.write');
  checkInside(row, input);
  const density = await densityOf(deps, row);
  const area = await insertArea(deps.db, id, {
    top: input.top,
    left: input.left,
    width: input.width,
    height: input.height,
    name: input.name || null,
    value: density ? shareIn(density, input) : null,
  });
  return toAreaAnswer(area);
}

export async function changeAreaOfInterest(
  deps: Deps,
  actor: Actor,
  id: number,
  areaId: number,
  changes: AreaOfInterestChanges,
): Promise<AreaOfInterest> {
  const row = await load(deps, actor, id, 'prediction.write');
  const area = await findAreaRow(deps.db, id, areaId);
  if (!area) throw new AppError('not_found', 'The area of interest was not found');
  const box: AreaBox = {
    top: changes.top ?? area.top,
    left: changes.left ?? area.left,
    width: changes.width ?? area.width,
    height: changes.height ?? area.height,
  };
  checkInside(row, box);
  const density = await densityOf(deps, row);
  const updated = await updateArea(deps.db, areaId, {
    ...box,
    ...(changes.name !== undefined ? { name: changes.name || null } : {}),
    value: density ? shareIn(density, box) : null,
  });
  return toAreaAnswer(updated);
}

export async function deleteAreaOfInterest(
  deps: Deps,
  actor: Actor,
  id: number,
  areaId: number,
): Promise<void> {
  await load(deps, actor, id, 'prediction.write');
  if (!(await findAreaRow(deps.db, id, areaId)))
    throw new AppError('not_found', 'The area of interest was not found');
  await deleteAreaRow(deps.db, areaId);
}

// For the demo seed (src/demo), which stores its screenshots as they are, with their boxes, for demo
// users too (who may not upload), and then generates them.
export { insertArea, insertPrediction } from './predictions.repository.js';
