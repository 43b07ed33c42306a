import { createCanvas } from '@napi-rs/canvas';
import { predictionProjects, predictions } from '../src/db/schema.js';
import { predictionMediaKey } from '../src/modules/predictions/prediction-images.js';
import type { TestApp } from './create-test-app.js';

/** A small screenshot: a grey page with a header bar and one bright button (PNG). */
export async function screenshotPng(width = 160, height = 120): Promise<Buffer> {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#e5e7eb';
  context.fillRect(0, 0, width, height);
  context.fillStyle = '#111827';
  context.fillRect(0, 0, width, 16);
  context.fillStyle = '#ef4444';
  context.fillRect(width * 0.6, height * 0.5, 40, 16);
  return canvas.encode('png');
}

/** A multipart/form-data body with text fields and, unless null, one file in `file`; for `inject`. */
export async function uploadForm(
  bytes: Uint8Array | null,
  fields: Record<string, string>,
  { filename = 'page.png', type = 'image/png' } = {},
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (bytes) form.append('file', new Blob([bytes], { type }), filename);
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  };
}

/** A prediction of `companyId` with its screenshot in the file store (not generated yet). */
export async function buildPrediction(
  t: Pick<TestApp, 'db' | 'files'>,
  companyId: number,
  title = 'Home page',
): Promise<number> {
  const bytes = await screenshotPng();
  const [row] = await t.db
    .insert(predictions)
    .values({ companyId, title, imageFormat: 'png', width: 160, height: 120 })
    .returning({ id: predictions.id });
  if (!row) throw new Error('no prediction');
  await t.files.put(predictionMediaKey(row.id, 'image', 'png'), bytes);
  await t.files.put(predictionMediaKey(row.id, 'thumb', 'png'), bytes);
  return row.id;
}

/** A prediction project of `companyId`, empty. */
export async function buildProject(
  t: Pick<TestApp, 'db'>,
  companyId: number,
  name = 'Relaunch',
): Promise<number> {
  const [row] = await t.db
    .insert(predictionProjects)
    .values({ companyId, name })
    .returning({ id: predictionProjects.id });
  if (!row) throw new Error('no project');
  return row.id;
}
