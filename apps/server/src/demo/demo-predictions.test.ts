import { predictionListAnswer, predictionProjectListAnswer } from '@limbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/create-test-app.js';
import { DEMO_PASSWORD, seedDemoData } from './demo-data.js';
import { seedDemoPredictions } from './demo-predictions.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.db, new Date());
  await seedDemoPredictions({ db: t.db, files: t.files, log: t.app.log, clock: () => t.clock.now });
}, 120_000);
afterAll(() => t?.close());

async function listAs<T = z.infer<typeof predictionListAnswer>>(
  email: string,
  url = '/api/v1/predictions',
  schema: z.ZodType<T> = predictionListAnswer as unknown as z.ZodType<T>,
): Promise<T> {
  const token = (
    await t.app.inject({ method: 'POST', url: '/api/v1/tokens', payload: { email, password: DEMO_PASSWORD } })
  ).json().access_token;
  const response = await t.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
  return schema.parse(response.json());
}

describe('demo predictions', () => {
  it('give the client company generated heatmaps of the demo shop, with boxes and their shares', async () => {
    const list = await listAs('client.member@limbus.test');
    expect(list.map((prediction) => prediction.title)).toEqual([
      'Home page, desktop',
      'Product page, desktop',
      'Home page, mobile',
      'Basket, desktop',
    ]);
    expect(list.every((prediction) => prediction.heatmap && prediction.peekthrough)).toBe(true);
    expect(list.find((prediction) => prediction.title === 'Home page, mobile')?.width).toBe(390);
    const [header, hero] = list[0]?.areas_of_interest ?? [];
    expect(header?.name).toBe('Header');
    expect(hero?.name).toBe('Box 2');
    expect(hero?.value).toBeGreaterThan(0);
  });

  it('file them in projects of their company: two for the client, one for the demo company', async () => {
    const projects = await listAs(
      'client.member@limbus.test',
      '/api/v1/prediction_projects',
      predictionProjectListAnswer,
    );
    expect(projects.map((project) => [project.name, project.heatmaps_count])).toEqual([
      ['Shop relaunch', 3],
      ['Checkout', 1],
    ]);
    const demo = await listAs('demo@limbus.test', '/api/v1/prediction_projects', predictionProjectListAnswer);
    expect(demo.map((project) => [project.name, project.heatmaps_count])).toEqual([['Shop relaunch', 1]]);
  });

  it('give the demo company its own', async () => {
    expect(await listAs('demo@limbus.test')).toHaveLength(1);
  });
});
