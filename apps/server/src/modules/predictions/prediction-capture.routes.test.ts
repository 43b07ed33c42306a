import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  CAPTURE_DEVICE_REQUIRED,
  CAPTURE_VIEW_REQUIRED,
  PREDICTION_TITLE_REQUIRED,
  predictionListAnswer,
  predictionSchema,
} from '@limbus/contract';
import { loadImage } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, signInWorld, useWorld } from '../../../test/api.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** A page 3000 px high on any device. */
const PAGE = `<!doctype html><html><head><meta name="viewport" content="width=device-width"></head>
<body style="margin:0"><div style="height:3000px;background:linear-gradient(#fff,#ccf)">
<h1 style="margin:0">Running shoes</h1><button style="background:#e11;color:#fff">Buy now</button></div></body></html>`;

// Private addresses are allowed here so that the local page can be captured.
const ctx = useWorld({ CAPTURE_ALLOW_PRIVATE_ADDRESSES: 'true', CHROMIUM_PATH: CHROMIUM });
let as: Awaited<ReturnType<typeof signInWorld>>;
let server: http.Server;
let address = '';

beforeAll(async () => {
  as = await signInWorld(ctx.t.app, ctx.world);
  server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  address = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const capture = (prediction: Record<string, unknown>) =>
  as.clientAdmin.post('/predictions/capture', { prediction });

const count = async () =>
  predictionListAnswer.parse(expectOk(await as.clientAdmin.get('/predictions'))).length;

describe('POST /predictions/capture: refusals', () => {
  it('needs a device, above the fold or full page, and a title; stores nothing', async () => {
    const before = await count();
    expectError(await capture({ url: address, view: 'full_page', title: 'Home' }), 'validation', {
      device: CAPTURE_DEVICE_REQUIRED,
    });
    expectError(await capture({ url: address, device: 'desktop', title: 'Home' }), 'validation', {
      view: CAPTURE_VIEW_REQUIRED,
    });
    expectError(
      await capture({ url: address, device: 'tablet', view: 'full_page', title: 'Home' }),
      'validation',
      {
        device: CAPTURE_DEVICE_REQUIRED,
      },
    );
    expectError(
      await capture({ url: address, device: 'desktop', view: 'full_page', title: ' ' }),
      'validation',
      {
        title: PREDICTION_TITLE_REQUIRED,
      },
    );
    expectError(
      await capture({ url: 'file:///etc/passwd', device: 'desktop', view: 'full_page', title: 'Home' }),
      'validation',
      { url: expect.stringMatching(/Only http and https/) },
    );
    expect(await count()).toBe(before);
  });
});

describe('POST /predictions/capture', { timeout: 90_000 }, () => {
  it('captures the first screen of a desktop, 1920 × 1080, as a prediction to generate', async () => {
    const prediction = predictionSchema.parse(
      expectOk(
        await capture({ url: address, device: 'desktop', view: 'above_fold', title: 'Home, desktop' }),
        201,
      ),
    );
    expect(prediction).toMatchObject({ title: 'Home, desktop', width: 1920, height: 1080, heatmap: null });
    const queued = predictionSchema.parse(
      expectOk(await as.clientAdmin.get(`/predictions/${prediction.id}/generate`)),
    );
    expect(queued.generation?.state).toBe('queued');
  });

  it('captures the full page of a phone, 390 px wide', async () => {
    const prediction = predictionSchema.parse(
      expectOk(
        await capture({ url: address, device: 'mobile', view: 'full_page', title: 'Home, mobile' }),
        201,
      ),
    );
    expect(prediction.width).toBe(390);
    expect(prediction.height).toBe(3000);
    const image = await ctx.t.app.inject({ method: 'GET', url: prediction.image });
    expect((await loadImage(image.rawPayload)).width).toBe(390);
  });
});
