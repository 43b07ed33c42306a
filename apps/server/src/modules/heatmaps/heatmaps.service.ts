import { type PageHeatmapRecording, pageHeatmapPoints } from '@limbus/analytics';
import {
  type Cohort,
  HEATMAP_CELL_PX,
  type HeatmapInput,
  type HeatmapKind,
  type HeatmapPage,
  type HeatmapPeakEmotion,
  type HeatmapPoints,
  packPointCells,
} from '@limbus/contract';
import type { Deps } from '../../deps.js';
import { AppError, notFound } from '../../http/app-error.js';
import type { Actor } from '../../http/policy.js';
import { resultsTestFor, testFor } from '../test-access/test-access.service.js';
import { CaptureError, checkCaptureUrl } from './capture-address.js';
import { enqueueCapture } from './heatmap-capture-job.js';
import { firstSecondsOf, participantIdsOf, platformOf, recordingReader } from './heatmap-recordings.js';
import {
  cleanUploadedScreenshot,
  readStoredScreenshot,
  removeScreenshot,
  screenshotValues,
  storeScreenshot,
} from './heatmap-screenshots.js';
import { toHeatmapAnswer } from './heatmaps.mappers.js';
import {
  deleteHeatmapRow,
  findHeatmapRow,
  type HeatmapRow,
  type HeatmapValues,
  insertHeatmapRow,
  listHeatmapRows,
  peakTimesByParticipant,
  setScreenshotSize,
  updateHeatmapRow,
} from './heatmaps.repository.js';
import { storeScreenshotVariants } from './screenshot-variants.js';

export type HeatmapDeps = Pick<Deps, 'db' | 'files' | 'log' | 'signedUrls' | 'clock'>;

export async function heatmapOf(deps: HeatmapDeps, testId: number, id: number): Promise<HeatmapRow> {
  const row = await findHeatmapRow(deps.db, testId, id);
  if (!row) throw notFound('The heatmap page');
  return row;
}

/** The values to store; a screenshot name must be one uploaded for this test (its size is read from it). */
async function toValues(deps: HeatmapDeps, testId: number, input: HeatmapInput): Promise<HeatmapValues> {
  const stored = input.screenshot ? await readStoredScreenshot(deps, testId, input.screenshot) : null;
  if (input.screenshot && !stored)
    throw AppError.fieldError(
      'validation',
      'screenshot',
      'Upload the screenshot first and use the name it was given',
    );
  const values: HeatmapValues = {
    name: input.name,
    url: input.url,
    matchType: input.match_type,
    ...(stored
      ? screenshotValues(stored)
      : input.screenshot === null
        ? { screenshot: null, screenshotWidth: null, screenshotHeight: null }
        : {}),
  };
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
}

/**
 * A row whose screenshot was stored before its size was kept (migration 0022) gets it from the
 * file, once: read here and written back. A missing or unreadable file leaves it null.
 */
async function withScreenshotSize(deps: HeatmapDeps, row: HeatmapRow): Promise<HeatmapRow> {
  if (!row.screenshot || row.screenshotWidth !== null) return row;
  const stored = await readStoredScreenshot(deps, row.testId, row.screenshot);
  if (!stored || stored.width === null || stored.height === null) return row;
  await setScreenshotSize(deps.db, row.id, stored);
  return { ...row, screenshotWidth: stored.width, screenshotHeight: stored.height };
}

/** A test's heatmap pages as its detail (GET /tests/{id}) lists them, for a caller who checked access. */
export async function heatmapPagesOf(
  deps: Pick<Deps, 'db' | 'signedUrls' | 'clock'>,
  testId: number,
): Promise<HeatmapPage[]> {
  return (await listHeatmapRows(deps.db, testId)).map((row) => toHeatmapAnswer(deps, row));
}

export async function listHeatmaps(deps: HeatmapDeps, actor: Actor, testId: number): Promise<HeatmapPage[]> {
  await resultsTestFor(deps, actor, testId);
  const rows = await listHeatmapRows(deps.db, testId);
  return (await Promise.all(rows.map((row) => withScreenshotSize(deps, row)))).map((row) =>
    toHeatmapAnswer(deps, row),
  );
}

export async function getHeatmap(deps: HeatmapDeps, actor: Actor, testId: number, id: number) {
  await resultsTestFor(deps, actor, testId);
  return toHeatmapAnswer(deps, await withScreenshotSize(deps, await heatmapOf(deps, testId, id)));
}

/** Permissive (spec 3 §2: nothing is validated before creation): every field may be missing. */
export async function createHeatmap(
  deps: HeatmapDeps,
  actor: Actor,
  testId: number,
  input: HeatmapInput,
): Promise<HeatmapPage> {
  await testFor(deps, actor, testId, 'test.annotate');
  const row = await insertHeatmapRow(deps.db, testId, await toValues(deps, testId, input));
  return toHeatmapAnswer(deps, row);
}

/** A replaced or removed screenshot's file goes once the row no longer names it. */
export async function updateHeatmap(
  deps: HeatmapDeps,
  actor: Actor,
  testId: number,
  id: number,
  input: HeatmapInput,
): Promise<HeatmapPage> {
  await testFor(deps, actor, testId, 'test.annotate');
  const before = await heatmapOf(deps, testId, id);
  const row = await updateHeatmapRow(deps.db, id, await toValues(deps, testId, input));
  if (!row) throw notFound('The heatmap page');
  if (input.screenshot !== undefined && before.screenshot !== row.screenshot)
    await removeScreenshot(deps, testId, before.screenshot);
  return toHeatmapAnswer(deps, row);
}

export async function deleteHeatmap(deps: HeatmapDeps, actor: Actor, testId: number, id: number) {
  await testFor(deps, actor, testId, 'test.annotate');
  const row = await heatmapOf(deps, testId, id);
  await deleteHeatmapRow(deps.db, id);
  await removeScreenshot(deps, testId, row.screenshot);
}

export async function uploadHeatmapScreenshot(
  deps: HeatmapDeps,
  actor: Actor,
  testId: number,
  read: () => Promise<Buffer>,
): Promise<string> {
  await testFor(deps, actor, testId, 'test.annotate');
  const bytes = await cleanUploadedScreenshot(await read());
  const { name } = await storeScreenshot(deps, testId, bytes);
  await storeScreenshotVariants(deps, testId, name, bytes);
  return name;
}

/**
 * Queues a capture of the page's URL, one at a time per page (409 while one runs). An address the
 * capture would refuse (checkCaptureUrl) is refused here at once; the job checks again, also
 * every redirect.
 */
export async function captureHeatmap(
  deps: HeatmapDeps & Pick<Deps, 'config'>,
  actor: Actor,
  testId: number,
  id: number,
) {
  await testFor(deps, actor, testId, 'test.annotate');
  const row = await heatmapOf(deps, testId, id);
  if (row.captureState === 'queued' || row.captureState === 'running')
    throw new AppError('conflict', 'A capture of this page is running already');
  if (row.url.trim() === '') throw AppError.fieldError('validation', 'url', 'Give the page a URL to capture');
  try {
    await checkCaptureUrl(row.url, deps.config.capture.allowPrivateAddresses);
  } catch (error) {
    if (error instanceof CaptureError) throw AppError.fieldError('validation', 'url', error.message);
    throw error;
  }
  return toHeatmapAnswer(deps, await enqueueCapture(deps, row));
}

/**
 * The gaze or click points of a page (pageHeatmapPoints) over the finished participants, or one
 * of them, binned into the density engine's cells and packed (contract packPointCells); lost gaze
 * is left out. With `peaks`, only the gaze around each participant's peaks of that emotion (the
 * emotion map).
 */
export async function heatmapPoints(
  deps: HeatmapDeps,
  actor: Actor,
  testId: number,
  id: number,
  query: {
    kind?: HeatmapKind;
    first_seconds?: string;
    participant_id?: number;
    peaks?: HeatmapPeakEmotion;
    cohort?: Cohort;
  },
): Promise<HeatmapPoints> {
  const test = await resultsTestFor(deps, actor, testId);
  const page = await heatmapOf(deps, testId, id);
  const only = query.participant_id === undefined ? undefined : [query.participant_id];
  const ids = await participantIdsOf(deps, testId, only, query.cohort);
  return pagePointsOf(deps, test, page, ids, query);
}

/** The points of the page over the participants `ids` of the test (heatmapPoints). */
export async function pagePointsOf(
  deps: HeatmapDeps,
  test: { platform: string },
  page: HeatmapRow,
  ids: number[],
  query: { kind?: HeatmapKind; first_seconds?: string; peaks?: HeatmapPeakEmotion },
): Promise<HeatmapPoints> {
  const kind = query.kind ?? 'gaze';
  const peaks = query.peaks ? await peakTimesByParticipant(deps.db, ids, query.peaks) : null;
  // Read together: decompressing the streams runs on the thread pool, so the cores share it.
  const recordingOf = await recordingReader(deps, ids);
  const recordings: PageHeatmapRecording[] = await Promise.all(
    ids.map(async (participantId) => ({
      ...(await recordingOf(participantId)),
      moments: peaks?.get(participantId) ?? [],
    })),
  );
  const { x, y, participants } = pageHeatmapPoints(
    recordings,
    { urls: [page.url], matchType: page.matchType },
    kind,
    platformOf(test),
    firstSecondsOf(query.first_seconds),
    peaks !== null,
  );
  const { cells, samples } = packPointCells(x, y, HEATMAP_CELL_PX);
  return { kind, participants, samples, cell_px: HEATMAP_CELL_PX, cells };
}

// For the demo seed (src/demo), which adds the demo shop's pages with their stored screenshots.
export { insertHeatmapRow } from './heatmaps.repository.js';

// For app.ts: the decoded streams this process keeps forget an erased participant's.
export { forgetErasedStreams } from './stream-cache.js';
