import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { densityFromMask } from '@limbus/analytics';
import {
  AOI_TOO_NARROW,
  PREDICTION_IMAGE_REFUSED,
  PREDICTION_TITLE_REQUIRED,
  type Prediction,
  predictionListAnswer,
  predictionSchema,
} from '@limbus/contract';
import { loadImage } from '@napi-rs/canvas';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, signInWorld, useWorld } from '../../../test/api.js';
import { signIn } from '../../../test/factories.js';
import { brightnessModel } from '../../../test/onnx-model.js';
import { screenshotPng, uploadForm } from '../../../test/predictions.js';
import { jobs } from '../../db/schema.js';
import { JOB_HANDLERS } from '../../job-handlers.js';
import { runJobsUntilIdle } from '../../jobs/job-runner.js';
import { GENERATE_PREDICTION } from './prediction-generation-job.js';
import { decodeScreenshot, predictionFolder } from './prediction-images.js';

const ctx = useWorld();
let as: Awaited<ReturnType<typeof signInWorld>>;
let tokens: Record<'clientAdmin' | 'demoUser', string>;

beforeAll(async () => {
  as = await signInWorld(ctx.t.app, ctx.world);
  tokens = {
    clientAdmin: (await signIn(ctx.t.app, ctx.world.clientAdmin.email)).authorization,
    demoUser: (await signIn(ctx.t.app, ctx.world.demoUser.email)).authorization,
  };
});

async function upload(
  fields: Record<string, string>,
  bytes: Uint8Array | null,
  options?: Parameters<typeof uploadForm>[2],
  authorization = tokens.clientAdmin,
) {
  const { payload, headers } = await uploadForm(bytes, fields, options);
  return ctx.t.app.inject({
    method: 'POST',
    url: '/api/v1/predictions',
    payload,
    headers: { ...headers, authorization },
  });
}

async function created(title = 'Home page'): Promise<Prediction> {
  return predictionSchema.parse(expectOk(await upload({ title }, await screenshotPng()), 201));
}

/** GET of a signed media URL as the browser does it: no token. */
const fetchMedia = (url: string) => ctx.t.app.inject({ method: 'GET', url });

describe('POST /predictions', () => {
  it('stores the screenshot with its size, thumbnail and requester; nothing generated yet', async () => {
    const prediction = await created('  Pricing page  ');
    expect(prediction).toMatchObject({
      title: 'Pricing page',
      application: '',
      width: 160,
      height: 120,
      requester: ctx.world.clientAdmin.email,
      image_mask: null,
      heatmap: null,
      peekthrough: null,
      image_result: null,
      areas_of_interest: [],
    });
    const image = await fetchMedia(prediction.image);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    const thumb = await fetchMedia(prediction.image_thumb);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    expect((await loadImage(thumb.rawPayload)).width).toBe(480);
  });

  it('refuses an upload without a title with the spec’s message, and stores nothing', async () => {
    const before = predictionListAnswer.parse(expectOk(await as.clientAdmin.get('/predictions'))).length;
    expectError(await upload({}, await screenshotPng()), 'validation', { title: PREDICTION_TITLE_REQUIRED });
    expectError(await upload({ title: '   ' }, await screenshotPng()), 'validation', {
      title: PREDICTION_TITLE_REQUIRED,
    });
    expect(predictionListAnswer.parse(expectOk(await as.clientAdmin.get('/predictions')))).toHaveLength(
      before,
    );
  });

  it('refuses a text file named .png, a GIF, and a form without a file', async () => {
    const text = Buffer.from('This is not an image, whatever its name says.');
    expectError(
      await upload({ title: 'Fake' }, text, { filename: 'page.png', type: 'image/png' }),
      'validation',
      {
        file: PREDICTION_IMAGE_REFUSED,
      },
    );
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    expectError(await upload({ title: 'Gif' }, gif), 'validation', { file: PREDICTION_IMAGE_REFUSED });
    const broken = Buffer.concat([(await screenshotPng()).subarray(0, 40), Buffer.alloc(40)]);
    expectError(await upload({ title: 'Broken' }, broken), 'validation', { file: expect.any(String) });
    expectError(await upload({ title: 'No file' }, null), 'validation', {
      file: 'Choose an image to upload',
    });
  });

  it('is refused to demo users, who only read', async () => {
    expectError(
      await upload({ title: 'Demo' }, await screenshotPng(), undefined, tokens.demoUser),
      'forbidden',
    );
  });
});

describe('GET /predictions/{id}/generate', () => {
  const runJobs = () =>
    runJobsUntilIdle(
      { db: ctx.t.db, files: ctx.t.files, log: ctx.t.app.log, clock: () => new Date() },
      JOB_HANDLERS,
    );
  const generate = async (id: number) =>
    predictionSchema.parse(expectOk(await as.clientAdmin.get(`/predictions/${id}/generate`)));
  const fetched = async (id: number) =>
    predictionSchema.parse(expectOk(await as.clientMember.get(`/predictions/${id}`)));

  it('answers at once with the generation queued; the job stores images of the screenshot’s size', async () => {
    const { id } = await created();
    const queued = predictionSchema.parse(expectOk(await as.clientMember.get(`/predictions/${id}/generate`)));
    expect(queued).toMatchObject({
      generation: { state: 'queued', progress: 0, message: null },
      heatmap: null,
      image_mask: null,
    });
    expect(await runJobs()).toBeGreaterThanOrEqual(1);
    const generated = await fetched(id);
    expect(generated.generation).toEqual({ state: 'done', progress: 100, message: null });
    for (const url of [
      generated.heatmap,
      generated.image_mask,
      generated.peekthrough,
      generated.image_result,
    ]) {
      const response = await fetchMedia(url ?? '');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      const decoded = await decodeScreenshot(response.rawPayload);
      expect([decoded.width, decoded.height]).toEqual([160, 120]);
    }
    expect(generated.peekthrough_attention_share).toBeGreaterThan(0);
    expect(generated.peekthrough_attention_share).toBeLessThan(1);
    // The mask, read with the spec's luminance weights, holds the whole attention.
    const mask = await decodeScreenshot((await fetchMedia(generated.image_mask ?? '')).rawPayload);
    expect(densityFromMask(mask).total).toBeCloseTo(1, 5);
  });

  it('queues one job however often it is asked while one is pending; again once it is done', async () => {
    const { id } = await created();
    const jobsOf = async () =>
      (await ctx.t.db.select().from(jobs).where(eq(jobs.kind, GENERATE_PREDICTION))).filter(
        (job) => job.payload.prediction_id === id,
      ).length;
    await generate(id);
    const second = await generate(id);
    expect(second.generation?.state).toBe('queued');
    expect(await jobsOf()).toBe(1);
    await runJobs();
    expect((await generate(id)).generation?.state).toBe('queued');
    expect(await jobsOf()).toBe(2);
    await runJobs();
    expect((await fetched(id)).generation?.state).toBe('done');
  });

  it('shows a failed job as failed, with its reason, and a retry queues it again', async () => {
    const { id } = await created();
    await generate(id);
    await ctx.t.files.deletePrefix(predictionFolder(id));
    await runJobs();
    const failed = await fetched(id);
    expect(failed.generation).toMatchObject({
      state: 'failed',
      message: 'The screenshot of this prediction is missing; upload it again',
    });
    expect(failed.heatmap).toBeNull();
    expect((await generate(id)).generation).toEqual({ state: 'queued', progress: 0, message: null });
  });

  it('runs the ONNX model of ATTENTION_MODEL_PATH instead: the dark header gets next to none of the attention', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'limbus-onnx-'));
    const attentionModelPath = path.join(folder, 'brightness.onnx');
    fs.writeFileSync(attentionModelPath, brightnessModel());
    const headerShare = async (modelPath?: string) => {
      const { id } = await created();
      expectOk(
        await as.clientAdmin.post(`/predictions/${id}/areas_of_interest`, {
          area_of_interest: { top: 0, left: 0, width: 160, height: 16, name: 'Header' },
        }),
        201,
      );
      await generate(id);
      await runJobsUntilIdle(
        {
          db: ctx.t.db,
          files: ctx.t.files,
          log: ctx.t.app.log,
          clock: () => new Date(),
          attentionModelPath: modelPath,
        },
        JOB_HANDLERS,
      );
      const generated = await fetched(id);
      expect(generated.generation?.state).toBe('done');
      return generated.areas_of_interest[0]?.value ?? Number.NaN;
    };
    try {
      const byOnnx = await headerShare(attentionModelPath);
      expect(byOnnx).toBeLessThan(0.03);
      expect(await headerShare()).toBeGreaterThan(3 * byOnnx);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('gives the boxes their share of the attention; a box over the whole page holds all of it', async () => {
    const { id } = await created();
    const whole = expectOk<{ id: number; value: number | null; name: string }>(
      await as.clientAdmin.post(`/predictions/${id}/areas_of_interest`, {
        area_of_interest: { top: 0, left: 0, width: 160, height: 120 },
      }),
      201,
    );
    expect(whole).toMatchObject({ name: 'Box 1', value: null });
    await generate(id);
    await runJobs();
    const generated = await fetched(id);
    expect(generated.areas_of_interest[0]?.value).toBeCloseTo(1, 3);
    const corner = expectOk<{ value: number }>(
      await as.clientAdmin.post(`/predictions/${id}/areas_of_interest`, {
        area_of_interest: { top: 0, left: 0, width: 80, height: 60, name: 'Top left' },
      }),
      201,
    );
    expect(corner.value).toBeGreaterThan(0);
    expect(corner.value).toBeLessThan(1);
  });
});

describe('a prediction of another company', () => {
  it('is not found for reading, changing, generating or deleting', async () => {
    const { id } = await created();
    expectError(await as.otherAdmin.get(`/predictions/${id}`), 'not_found');
    expectError(
      await as.otherAdmin.patch(`/predictions/${id}`, { prediction: { title: 'Mine' } }),
      'not_found',
    );
    expectError(await as.otherAdmin.get(`/predictions/${id}/generate`), 'not_found');
    expectError(await as.otherAdmin.delete(`/predictions/${id}`), 'not_found');
    expect(predictionListAnswer.parse(expectOk(await as.otherAdmin.get('/predictions')))).not.toContainEqual(
      expect.objectContaining({ id }),
    );
    expect(expectOk<Prediction>(await as.clientMember.get(`/predictions/${id}`)).title).toBe('Home page');
  });
});

describe('PATCH and DELETE /predictions/{id}', () => {
  it('renames, lists newest first and deletes with the images', async () => {
    const first = await created('First');
    const second = await created('Second');
    const renamed = expectOk<Prediction>(
      await as.clientAdmin.patch(`/predictions/${first.id}`, {
        prediction: { title: 'Renamed', application: 'Shop' },
      }),
    );
    expect(renamed).toMatchObject({ title: 'Renamed', application: 'Shop' });
    expectError(
      await as.clientAdmin.patch(`/predictions/${first.id}`, { prediction: { title: ' ' } }),
      'validation',
    );
    const ids = predictionListAnswer
      .parse(expectOk(await as.clientAdmin.get('/predictions')))
      .map((p) => p.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(
      (
        await ctx.t.app.inject({
          method: 'DELETE',
          url: `/api/v1/predictions/${second.id}`,
          headers: { authorization: tokens.clientAdmin },
        })
      ).statusCode,
    ).toBe(204);
    expectError(await as.clientAdmin.get(`/predictions/${second.id}`), 'not_found');
    expect((await fetchMedia(second.image)).statusCode).toBe(404);
  });
});

describe('areas of interest', () => {
  it('refuses a box not wider than 5 px, renames and restores the default name, and deletes', async () => {
    const { id } = await created();
    expectError(
      await as.clientAdmin.post(`/predictions/${id}/areas_of_interest`, {
        area_of_interest: { top: 0, left: 0, width: 5, height: 20 },
      }),
      'validation',
      { width: AOI_TOO_NARROW },
    );
    const box = expectOk<{ id: number }>(
      await as.clientAdmin.post(`/predictions/${id}/areas_of_interest`, {
        area_of_interest: { top: 0, left: 0, width: 40, height: 20 },
      }),
      201,
    );
    const url = `/predictions/${id}/areas_of_interest/${box.id}`;
    expect(expectOk(await as.clientAdmin.patch(url, { area_of_interest: { name: 'Header' } }))).toMatchObject(
      {
        name: 'Header',
      },
    );
    expect(expectOk(await as.clientAdmin.patch(url, { area_of_interest: { name: '' } }))).toMatchObject({
      name: 'Box 1',
    });
    expect((await as.clientAdmin.delete(url)).statusCode).toBe(204);
    expectError(await as.clientAdmin.delete(url), 'not_found');
  });
});
