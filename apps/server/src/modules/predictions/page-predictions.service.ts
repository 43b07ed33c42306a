import {
  PAGE_WITHOUT_SCREENSHOT,
  type PagePrediction,
  type Prediction,
  predictsPages,
} from '@limbus/contract';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import type { Deps } from '../../deps.js';
import { AppError, forbidden } from '../../http/app-error.js';
import { type Actor, readerOf } from '../../http/policy.js';
import { screenshotKey } from '../heatmaps/heatmap-screenshots.js';
import { heatmapOf } from '../heatmaps/heatmaps.service.js';
import { detectImageFormat } from '../resources/resource-images.js';
import { resultsTestFor } from '../test-access/test-access.service.js';
import { storeGeneratedImages } from './prediction-generation.js';
import { screenshotFormat } from './prediction-images.js';
import { toPredictionAnswer } from './predictions.mappers.js';
import {
  findPagePredictionRow,
  findPredictionRow,
  findTestName,
  listAreaRows,
} from './predictions.repository.js';
import { storeNewPrediction } from './predictions.service.js';

/** The test (its results readable by the actor) and its heatmap page. */
async function pageOf(deps: Deps, actor: Actor, testId: number, heatmapId: number) {
  const test = await resultsTestFor(deps, actor, testId);
  const page = await heatmapOf(deps, testId, heatmapId);
  return { test, page };
}

/**
 * The newest prediction of a heatmap page's screenshot, answered to whoever reads the test's
 * results; null while the page has none (a missing test or page is still not found).
 */
export async function getPagePrediction(
  deps: Deps,
  actor: Actor,
  testId: number,
  heatmapId: number,
): Promise<PagePrediction> {
  const { test } = await pageOf(deps, actor, testId, heatmapId);
  const row = await findPagePredictionRow(deps.db, heatmapId, test.companyId);
  if (!row) return { prediction: null };
  return { prediction: toPredictionAnswer(deps, row, await listAreaRows(deps.db, [row.id])) };
}

/** PNG or JPEG as they are; a GIF or WebP screenshot (heatmap pages take those too) as PNG. */
async function predictableBytes(bytes: Buffer): Promise<Buffer> {
  const format = detectImageFormat(bytes);
  if (format === 'png' || format === 'jpg') return bytes;
  const image = await loadImage(bytes);
  const canvas = createCanvas(image.width, image.height);
  canvas.getContext('2d').drawImage(image, 0, 0);
  return canvas.encode('png');
}

/** How a heatmap page's prediction is filed among the company's predictions. */
export const pagePredictionFields = (pageName: string, testName: string, heatmapId: number) => ({
  title: `${pageName.trim() || 'Untitled page'} (${testName})`.slice(0, 200),
  application: 'Measured against predicted',
  projectId: null,
  heatmapId,
});

/**
 * Predicts a heatmap page's screenshot as a new prediction of the test's company (it shows among
 * the company's predictions too). The test's researchers and its company's users may; demo users
 * only read.
 */
export async function predictPage(
  deps: Deps,
  actor: Actor,
  testId: number,
  heatmapId: number,
): Promise<Prediction> {
  const { test, page } = await pageOf(deps, actor, testId, heatmapId);
  if (!predictsPages(readerOf(actor), test))
    throw forbidden('Only the researchers and the users of this test’s company predict its pages');
  const stored = page.screenshot ? await deps.files.get(screenshotKey(testId, page.screenshot)) : null;
  if (!stored) throw new AppError('conflict', PAGE_WITHOUT_SCREENSHOT);
  const testName = (await findTestName(deps.db, testId)) ?? `test ${testId}`;
  const bytes = await predictableBytes(stored);
  const id = await storeNewPrediction(
    deps,
    { id: actor.id, companyId: test.companyId },
    pagePredictionFields(page.name, testName, heatmapId),
    bytes,
  );
  await storeGeneratedImages(
    { ...deps, attentionModelPath: deps.config.attentionModelPath },
    id,
    screenshotFormat(bytes),
  );
  const row = await findPredictionRow(deps.db, id, test.companyId);
  if (!row) throw new Error('the new prediction went away');
  return toPredictionAnswer(deps, row, []);
}

/**
 * For the cohort agreement (modules/cohort-agreement): the areas of interest drawn on a heatmap
 * page's newest prediction, in the screenshot's px (the page's), named as the screens name them;
 * none while the page has no prediction. A caller who checked access to the test.
 */
export async function pageAreasOfInterest(
  deps: Pick<Deps, 'db'>,
  heatmapId: number,
  companyId: number,
): Promise<{ name: string; left: number; top: number; width: number; height: number }[]> {
  const row = await findPagePredictionRow(deps.db, heatmapId, companyId);
  if (!row) return [];
  return (await listAreaRows(deps.db, [row.id])).map((area) => ({
    name: area.name || `Box ${area.ordinal}`,
    left: area.left,
    top: area.top,
    width: area.width,
    height: area.height,
  }));
}
