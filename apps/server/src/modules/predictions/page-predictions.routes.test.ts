import { randomBytes } from 'node:crypto';
import {
  PAGE_WITHOUT_SCREENSHOT,
  type PagePrediction,
  type Prediction,
  pagePredictionAnswer,
  predictionListAnswer,
  predictionSchema,
} from '@limbus/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, signInWorld, useWorld } from '../../../test/api.js';
import { buildTest } from '../../../test/factories.js';
import { screenshotPng } from '../../../test/predictions.js';
import { heatmaps } from '../../db/schema.js';
import { screenshotKey } from '../heatmaps/heatmap-screenshots.js';

const ctx = useWorld();
let as: Awaited<ReturnType<typeof signInWorld>>;

beforeAll(async () => {
  as = await signInWorld(ctx.t.app, ctx.world);
});

/** A done test of `companyId` with a heatmap page (with a screenshot unless `withScreenshot` is false). */
async function pageOf(companyId: number, withScreenshot = true): Promise<string> {
  const test = await buildTest(ctx.t.db, companyId, { state: 'done' });
  const screenshot = withScreenshot ? `${randomBytes(16).toString('hex')}.png` : null;
  if (screenshot) await ctx.t.files.put(screenshotKey(test.id, screenshot), await screenshotPng());
  const [row] = await ctx.t.db
    .insert(heatmaps)
    .values({ testId: test.id, name: 'Basket', screenshot })
    .returning({ id: heatmaps.id });
  if (!row) throw new Error('no heatmap');
  return `/tests/${test.id}/heatmaps/${row.id}/prediction`;
}

describe('measured against predicted: a heatmap page’s prediction', () => {
  it('is made by the company’s user, read by its members, listed among its predictions', async () => {
    const url = await pageOf(ctx.world.client.id);
    // Not predicted yet: a state of the page, not a missing resource.
    expect(pagePredictionAnswer.parse(expectOk(await as.clientMember.get(url)))).toEqual({
      prediction: null,
    });
    const made = predictionSchema.parse(expectOk(await as.clientAdmin.post(url, {}), 201));
    expect(made).toMatchObject({ width: 160, height: 120, requester: ctx.world.clientAdmin.email });
    expect(made.title).toMatch(/^Basket \(/);
    expect(made.heatmap).not.toBeNull();
    expect(made.image_mask).not.toBeNull();
    const read = pagePredictionAnswer.parse(expectOk(await as.clientMember.get(url))).prediction;
    expect(read?.id).toBe(made.id);
    const listed = predictionListAnswer.parse(expectOk(await as.clientMember.get('/predictions')));
    expect(listed.map((prediction) => prediction.id)).toContain(made.id);
  });

  it('is made by researchers for the test’s company; the newest one is answered', async () => {
    const url = await pageOf(ctx.world.client.id);
    const first = expectOk<Prediction>(await as.clientAdmin.post(url, {}), 201);
    const second = expectOk<Prediction>(await as.staff.post(url, {}), 201);
    expect(expectOk<PagePrediction>(await as.clientAdmin.get(url)).prediction?.id).toBe(second.id);
    expect(second.id).toBeGreaterThan(first.id);
    expect(expectOk<Prediction>(await as.clientMember.get(`/predictions/${second.id}`)).requester).toBe(
      ctx.world.staff.email,
    );
  });

  it('answers 404 for a missing heatmap page or test, whatever the predictions', async () => {
    const url = await pageOf(ctx.world.client.id);
    const [, , testId, , heatmapId] = url.split('/');
    expectError(
      await as.clientAdmin.get(`/tests/${testId}/heatmaps/${Number(heatmapId) + 1000}/prediction`),
      'not_found',
    );
    expectError(await as.clientAdmin.get(`/tests/999999/heatmaps/${heatmapId}/prediction`), 'not_found');
  });

  it('is refused to another company, to demo users and for a page without a screenshot', async () => {
    const url = await pageOf(ctx.world.client.id);
    expectError(await as.otherAdmin.post(url, {}), 'not_found');
    expectError(await as.otherAdmin.get(url), 'not_found');
    const demoPage = await pageOf(ctx.world.demo.id);
    expectError(await as.demoUser.post(demoPage, {}), 'forbidden');
    const bare = await pageOf(ctx.world.client.id, false);
    expectError(await as.clientAdmin.post(bare, {}), 'conflict');
    expect((await as.clientAdmin.post(bare, {})).json().message).toBe(PAGE_WITHOUT_SCREENSHOT);
  });
});
