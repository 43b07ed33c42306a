import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  HEATMAP_CELL_PX,
  type HeatmapPage,
  heatmapAnswer,
  heatmapAreasAnswer,
  heatmapFixationsAnswer,
  heatmapListAnswer,
  heatmapPointsAnswer,
  heatmapScrollReachAnswer,
  testDetailSchema,
  unpackPointCells,
} from '@limbus/contract';
import { createCanvas } from '@napi-rs/canvas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, expectError, expectOk, signInWorld, useWorld } from '../../../test/api.js';
import type { TestApp } from '../../../test/create-test-app.js';
import { buildParticipant, buildTest, signIn } from '../../../test/factories.js';
import { IMAGES, multipartFile } from '../../../test/images.js';
import type { CaptureSettings } from '../../config.js';
import { heatmaps, significantPoints } from '../../db/schema.js';
import { JOB_HANDLERS } from '../../job-handlers.js';
import { runJobsUntilIdle } from '../../jobs/job-runner.js';
import { screenshotKey } from './heatmap-screenshots.js';
import { imageDimensions } from './image-dimensions.js';

const ctx = useWorld();
let as: Awaited<ReturnType<typeof signInWorld>>;
beforeAll(async () => {
  as = await signInWorld(ctx.t.app, ctx.world);
});

const ESSENTIAL_DONE = { state: 'done', testType: 'essential' } as const;
const clientTest = async (overrides = {}) =>
  (await buildTest(ctx.t.db, ctx.world.client.id, { ...ESSENTIAL_DONE, ...overrides })).id;

async function create(
  testId: number,
  heatmap: Record<string, unknown>,
  staff: ApiClient = as.staff,
): Promise<HeatmapPage> {
  return heatmapAnswer.parse(expectOk(await staff.post(`/tests/${testId}/heatmaps`, { heatmap }), 201)).data;
}

async function upload(testId: number, bytes: Uint8Array, filename = 'shot.png', { t, world } = ctx) {
  const { payload, headers } = await multipartFile(bytes, { filename });
  const { authorization } = await signIn(t.app, world.staff.email);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/tests/${testId}/heatmap_screenshots`,
    payload,
    headers: { ...headers, authorization },
  });
}

describe('heatmap pages', () => {
  it('creates permissively, lists, changes and deletes a page with its screenshot', async () => {
    const testId = await clientTest();
    const blank = await create(testId, {});
    expect(blank).toMatchObject({
      name: '',
      url: '',
      match_type: 'exact',
      screenshot: null,
      screenshot_width: null,
      screenshot_height: null,
      capture: null,
    });

    const uploaded = await upload(testId, IMAGES.jpg, 'looks-like-text.txt');
    expect(uploaded.statusCode).toBe(201);
    const { name } = uploaded.json<{ name: string }>();
    expect(name).toMatch(/^[0-9a-f]{32}\.jpg$/);
    const home = await create(testId, {
      name: 'Home',
      url: 'https://shop.test/',
      match_type: 'starts_with',
      screenshot: name,
    });
    expect(home.screenshot).toContain(`/api/v1/tests/${testId}/heatmap_screenshots/${name}?expires=`);
    // Its size, read from the JPEG's header, so that the viewer reserves its place.
    expect(home).toMatchObject({ screenshot_width: 8, screenshot_height: 8 });
    const image = await ctx.t.app.inject({ method: 'GET', url: home.screenshot ?? '' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');

    const list = heatmapListAnswer.parse(expectOk(await as.clientMember.get(`/tests/${testId}/heatmaps`)));
    expect(list.data.heatmaps.map((page) => page.name)).toEqual(['', 'Home']);
    const detail = testDetailSchema.parse(expectOk(await as.clientMember.get(`/tests/${testId}`)));
    expect(detail.heatmaps.map((page) => page.id)).toEqual([blank.id, home.id]);

    const second = (await upload(testId, IMAGES.png)).json<{ name: string }>();
    const changed = heatmapAnswer.parse(
      expectOk(
        await as.staff.patch(`/tests/${testId}/heatmaps/${home.id}`, {
          heatmap: { screenshot: second.name },
        }),
      ),
    ).data;
    expect(changed.screenshot).toContain(second.name);
    expect(changed).toMatchObject({ screenshot_width: 1, screenshot_height: 1 });
    expect(await ctx.t.files.size(screenshotKey(testId, name))).toBeNull(); // the replaced file went

    const removed = heatmapAnswer.parse(
      expectOk(
        await as.staff.patch(`/tests/${testId}/heatmaps/${home.id}`, { heatmap: { screenshot: null } }),
      ),
    ).data;
    expect(removed).toMatchObject({ screenshot: null, screenshot_width: null, screenshot_height: null });
    expect(await ctx.t.files.size(screenshotKey(testId, second.name))).toBeNull();

    expect((await as.staff.delete(`/tests/${testId}/heatmaps/${home.id}`)).statusCode).toBe(204);
    expectError(await as.staff.get(`/tests/${testId}/heatmaps/${home.id}`), 'not_found');
  });

  it('answers a smaller WebP copy of a wide screenshot for `width`, kept, and removed with it', async () => {
    const testId = await clientTest();
    const canvas = createCanvas(1200, 900);
    canvas.getContext('2d').fillRect(100, 100, 400, 300);
    const wide = (await upload(testId, await canvas.encode('png'))).json<{ name: string }>().name;
    // Made with the upload, so that reading one is a file read.
    const copyKey = (name: string, width: number) => `${screenshotKey(testId, name)}.variants/${width}.webp`;
    expect(await ctx.t.files.size(copyKey(wide, 480))).not.toBeNull();
    expect(await ctx.t.files.size(copyKey(wide, 960))).not.toBeNull();
    const page = await create(testId, { name: 'Wide', screenshot: wide });
    expect(page).toMatchObject({ screenshot_width: 1200, screenshot_height: 900 });
    const get = (url: string) => ctx.t.app.inject({ method: 'GET', url });
    const copy = await get(`${page.screenshot}&width=480`);
    expect(copy.statusCode).toBe(200);
    expect(copy.headers['content-type']).toBe('image/webp');
    expect(imageDimensions(copy.rawPayload)).toEqual({ width: 480, height: 360 });
    const again = await get(`${page.screenshot}&width=480`);
    expect(again.rawPayload.equals(copy.rawPayload)).toBe(true);
    expect(imageDimensions((await get(`${page.screenshot}&width=960`)).rawPayload)?.width).toBe(960);
    const original = await get(page.screenshot ?? '');
    expect(original.headers['content-type']).toBe('image/png');
    expect(imageDimensions(original.rawPayload)?.width).toBe(1200);
    expect((await get(`${page.screenshot}&width=500`)).statusCode).toBe(400);
    const unsigned = (page.screenshot ?? '').replace(/signature=[^&]+/, 'signature=forged');
    expect((await get(`${unsigned}&width=480`)).statusCode).toBe(401);

    // A screenshot no wider than the width asked for is answered as it is.
    const small = await create(testId, {
      screenshot: (await upload(testId, IMAGES.png)).json<{ name: string }>().name,
    });
    const same = await get(`${small.screenshot}&width=480`);
    expect(same.headers['content-type']).toBe('image/png');

    expect((await as.staff.delete(`/tests/${testId}/heatmaps/${page.id}`)).statusCode).toBe(204);
    expect(await ctx.t.files.size(copyKey(wide, 480))).toBeNull();

    // A screenshot stored before copies were made gets its copy on the first read, kept.
    const older = `${'d'.repeat(32)}.png`;
    await ctx.t.files.put(screenshotKey(testId, older), await canvas.encode('png'));
    const legacy = await create(testId, { screenshot: older });
    expect(await ctx.t.files.size(copyKey(older, 960))).toBeNull();
    const made = await get(`${legacy.screenshot}&width=960`);
    expect(imageDimensions(made.rawPayload)).toEqual({ width: 960, height: 720 });
    expect(await ctx.t.files.size(copyKey(older, 960))).not.toBeNull();
  });

  it('fills the size of a screenshot stored before sizes were kept from its file, once', async () => {
    const testId = await clientTest();
    const named = `${'b'.repeat(32)}.jpg`;
    await ctx.t.files.put(screenshotKey(testId, named), IMAGES.jpg);
    const [old] = await ctx.t.db
      .insert(heatmaps)
      .values([
        { testId, name: 'Old', screenshot: named },
        { testId, name: 'Lost file', screenshot: `${'c'.repeat(32)}.png` },
      ])
      .returning();
    const { data } = heatmapListAnswer.parse(
      expectOk(await as.clientMember.get(`/tests/${testId}/heatmaps`)),
    );
    expect(data.heatmaps.map((page) => [page.name, page.screenshot_width, page.screenshot_height])).toEqual([
      ['Old', 8, 8],
      ['Lost file', null, null],
    ]);
    const [stored] = await ctx.t.db
      .select()
      .from(heatmaps)
      .where(eq(heatmaps.id, old?.id ?? 0));
    expect(stored).toMatchObject({ screenshotWidth: 8, screenshotHeight: 8 });
    expect(stored?.updatedAt).toEqual(old?.updatedAt); // a back-fill is no change of the page
    const one = heatmapAnswer.parse(
      expectOk(await as.clientMember.get(`/tests/${testId}/heatmaps/${old?.id}`)),
    );
    expect(one.data).toMatchObject({ screenshot_width: 8, screenshot_height: 8 });
  });

  it('refuses wrong types, unknown screenshots and files that are not images by their bytes', async () => {
    const testId = await clientTest();
    expectError(await as.staff.post(`/tests/${testId}/heatmaps`, { heatmap: { name: 5 } }), 'validation');
    expectError(
      await as.staff.post(`/tests/${testId}/heatmaps`, { heatmap: { match_type: 'regex' } }),
      'validation',
    );
    expectError(
      await as.staff.post(`/tests/${testId}/heatmaps`, { heatmap: { screenshot: `${'a'.repeat(32)}.png` } }),
      'validation',
      { screenshot: 'Upload the screenshot first and use the name it was given' },
    );
    const text = await upload(testId, Buffer.from('<svg onload="alert(1)"></svg>'), 'fake.png');
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ errors: { file: ['Upload an image: PNG, JPEG, GIF or WebP'] } });
  });

  it('lets clients read on every tier but only the research area write; other tests’ pages are not found', async () => {
    const testId = await clientTest();
    const page = await create(testId, { name: 'Home' });
    expectOk(await as.clientAdmin.get(`/tests/${testId}/heatmaps/${page.id}`));
    expectError(await as.clientAdmin.post(`/tests/${testId}/heatmaps`, { heatmap: {} }), 'forbidden');
    expectError(
      await as.clientAdmin.patch(`/tests/${testId}/heatmaps/${page.id}`, { heatmap: { name: 'X' } }),
      'forbidden',
    );
    expectError(await as.clientAdmin.delete(`/tests/${testId}/heatmaps/${page.id}`), 'forbidden');
    expectError(await as.otherAdmin.get(`/tests/${testId}/heatmaps`), 'not_found');
    const elsewhere = (await buildTest(ctx.t.db, ctx.world.other.id, ESSENTIAL_DONE)).id;
    expectError(await as.staff.get(`/tests/${elsewhere}/heatmaps/${page.id}`), 'not_found');
    expectError(
      await as.staff.patch(`/tests/${elsewhere}/heatmaps/${page.id}`, { heatmap: { name: 'X' } }),
      'not_found',
    );
    const draft = await clientTest({ state: 'draft' });
    expectError(await as.clientAdmin.get(`/tests/${draft}/heatmaps`), 'forbidden');
  });
});

describe('POST /tests/{id}/heatmaps/{hid}/capture', () => {
  it('refuses other schemes and loopback, private and link-local addresses with a reason', async () => {
    const testId = await clientTest();
    const refusals: [string, RegExp][] = [
      ['file:///etc/passwd', /Only http and https/],
      ['http://127.0.0.1:3000/', /loopback, private or link-local/],
      ['http://10.1.2.3/', /loopback, private or link-local/],
      ['http://169.254.169.254/latest/meta-data/', /loopback, private or link-local/],
      ['http://[::1]/', /loopback, private or link-local/],
    ];
    for (const [url, reason] of refusals) {
      const page = await create(testId, { url });
      const answer = await as.staff.post(`/tests/${testId}/heatmaps/${page.id}/capture`, {});
      expectError(answer, 'validation', { url: expect.stringMatching(reason) });
    }
  });

  it('runs a capture job that records why it failed', async () => {
    const testId = await clientTest();
    // A public address literal passes the first check; with no browser the job fails and says so.
    const page = await create(testId, { url: 'http://198.51.100.7/' });
    const queued = heatmapAnswer.parse(
      expectOk(await as.staff.post(`/tests/${testId}/heatmaps/${page.id}/capture`, {}), 202),
    );
    expect(queued.data.capture).toEqual({ state: 'queued', progress: 0, message: null });
    expectError(await as.staff.post(`/tests/${testId}/heatmaps/${page.id}/capture`, {}), 'conflict');
    await runCaptureJobs(ctx.t, { ...ctx.t.config.capture, chromiumPath: '/nonexistent/chromium' });
    const after = heatmapAnswer.parse(
      expectOk(await as.staff.get(`/tests/${testId}/heatmaps/${page.id}`)),
    ).data;
    expect(after.capture).toMatchObject({
      state: 'failed',
      message: expect.stringMatching(/No browser is installed/),
    });
    expect(after.screenshot).toBeNull();
  });
});

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** A public address (TEST-NET-2) that the capture's proxy connects to on the local test server. */
const PUBLIC_IP = '198.51.100.7';

/** A page with content, and pages that redirect to a loopback and to a private address. */
const site = { server: http.createServer(), port: 0, secretHits: 0 };
beforeAll(async () => {
  site.server.on('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
    if (request.url === '/to-loopback')
      return response.writeHead(302, { location: `http://127.0.0.1:${site.port}/secret` }).end();
    if (request.url === '/to-private')
      return response.writeHead(302, { location: 'http://10.20.30.40/admin' }).end();
    if (request.url === '/secret') site.secretHits += 1;
    response
      .writeHead(200, { 'content-type': 'text/html' })
      .end(
        '<!doctype html><body style="margin:0"><h1 style="margin:0;height:1500px">Running shoes</h1></body>',
      );
  });
  await new Promise<void>((resolve) => site.server.listen(0, '127.0.0.1', resolve));
  site.port = (site.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => site.server.close(() => resolve())));

/** Runs the queued jobs as the server does, with these capture settings. */
async function runCaptureJobs(t: TestApp, capture: CaptureSettings) {
  const deps = { db: t.db, files: t.files, log: t.app.log, clock: () => new Date() };
  await runJobsUntilIdle({ ...deps, capture }, JOB_HANDLERS);
}

describe('capture jobs through POST /tests/{id}/heatmaps/{hid}/capture', { timeout: 90_000 }, () => {
  it('refuses a page that redirects to a loopback or a private address and tells the user why', async () => {
    const testId = await clientTest();
    const settings: CaptureSettings = {
      ...ctx.t.config.capture,
      chromiumPath: CHROMIUM,
      timeoutMs: 20_000,
      dialRules: { [PUBLIC_IP]: '127.0.0.1' },
    };
    const cases = [
      ['/to-loopback', '127.0.0.1'],
      ['/to-private', '10.20.30.40'],
    ] as const;
    for (const [path, target] of cases) {
      // The address is public, so the route queues the capture; the redirect is refused in the job.
      const page = await create(testId, { url: `http://${PUBLIC_IP}:${site.port}${path}` });
      expectOk(await as.staff.post(`/tests/${testId}/heatmaps/${page.id}/capture`, {}), 202);
      await runCaptureJobs(ctx.t, settings);
      const answer = heatmapAnswer.parse(
        expectOk(await as.clientMember.get(`/tests/${testId}/heatmaps/${page.id}`)),
      ).data;
      expect(answer.capture, path).toEqual({
        state: 'failed',
        progress: expect.any(Number),
        message: `${target} is on a loopback, private or link-local network, which the server does not capture`,
      });
      expect(answer.screenshot, path).toBeNull();
    }
    expect(site.secretHits, 'the loopback page was never asked for').toBe(0);
  });

  describe('with private addresses allowed by the configuration', () => {
    const lab = useWorld({ CAPTURE_ALLOW_PRIVATE_ADDRESSES: 'true', CHROMIUM_PATH: CHROMIUM });

    it('stores the captured screenshot and removes the one it replaces', async () => {
      const staff = (await signInWorld(lab.t.app, lab.world)).staff;
      const testId = (await buildTest(lab.t.db, lab.world.client.id, ESSENTIAL_DONE)).id;
      const old = (await upload(testId, IMAGES.png, 'old.png', lab)).json<{ name: string }>().name;
      const page = await create(testId, { url: `http://127.0.0.1:${site.port}/`, screenshot: old }, staff);
      expectOk(await staff.post(`/tests/${testId}/heatmaps/${page.id}/capture`, {}), 202);
      await runCaptureJobs(lab.t, lab.t.config.capture);

      const after = heatmapAnswer.parse(
        expectOk(await staff.get(`/tests/${testId}/heatmaps/${page.id}`)),
      ).data;
      expect(after.capture).toEqual({ state: 'done', progress: 100, message: null });
      expect(after).toMatchObject({ screenshot_width: 1920, screenshot_height: 1500 });
      const copy = `${screenshotKey(testId, /heatmap_screenshots\/([^?]+)/.exec(after.screenshot ?? '')?.[1] ?? '')}.variants/960.webp`;
      expect(await lab.t.files.size(copy)).not.toBeNull();
      const name = /heatmap_screenshots\/([0-9a-f]{32}\.png)\?/.exec(after.screenshot ?? '')?.[1];
      expect(name).toBeDefined();
      expect(name).not.toBe(old);
      expect(await lab.t.files.size(screenshotKey(testId, old))).toBeNull();
      const image = await lab.t.app.inject({ method: 'GET', url: after.screenshot ?? '' });
      expect(image.headers['content-type']).toBe('image/png');
      // The PNG's header: 1920 wide, the whole 1500 px page high.
      expect([image.rawPayload.readUInt32BE(16), image.rawPayload.readUInt32BE(20)]).toEqual([1920, 1500]);
    });
  });
});

describe('GET /tests/{id}/heatmaps/{hid}/points', () => {
  it('answers the gaze and clicks of the participants whose mouse URLs match the page', async () => {
    const testId = await clientTest();
    const first = await buildParticipant(ctx.t, testId);
    await buildParticipant(ctx.t, testId);
    const exact = await create(testId, { url: 'https://shop.example.test/shoes', match_type: 'exact' });
    const prefix = await create(testId, {
      url: 'https://shop.example.test/shoes',
      match_type: 'starts_with',
    });
    const nowhere = await create(testId, { url: 'https://elsewhere.test/' });
    const points = async (id: number, query = '') =>
      heatmapPointsAnswer.parse(
        expectOk(await as.clientMember.get(`/tests/${testId}/heatmaps/${id}/points${query}`)),
      ).data;

    const gaze = await points(exact.id);
    expect(gaze).toMatchObject({ kind: 'gaze', participants: 2, cell_px: HEATMAP_CELL_PX });
    expect(gaze.samples).toBeGreaterThan(100);
    expect(gaze.cells.every(Number.isInteger)).toBe(true);
    // Binned: fewer cells than samples, the counts adding up to them.
    const unpacked = unpackPointCells(gaze.cells, gaze.cell_px);
    expect(unpacked.x.length).toBe(gaze.samples);
    expect(gaze.cells.length / 3).toBeLessThan(gaze.samples);
    expect((await points(prefix.id)).samples).toBeGreaterThan(gaze.samples);
    expect((await points(exact.id, '?first_seconds=1')).samples).toBeLessThan(gaze.samples);
    const one = await points(exact.id, `?participant_id=${first.id}`);
    expect(one.participants).toBe(1);
    expect(one.samples).toBeLessThan(gaze.samples);
    expect(await points(nowhere.id, '?kind=clicks')).toEqual({
      kind: 'clicks',
      participants: 0,
      samples: 0,
      cell_px: HEATMAP_CELL_PX,
      cells: [],
    });
    expectError(
      await as.clientMember.get(`/tests/${testId}/heatmaps/${exact.id}/points?first_seconds=3`),
      'validation',
    );
  });
});

describe('heatmap analysis: areas, gaze plot, scroll reach, emotion peaks', () => {
  const PAGE = 'https://shop.example.test/shoes';

  it('measures areas of interest, plots fixations and maps scroll reach for the page’s visitors', async () => {
    const testId = await clientTest();
    const first = await buildParticipant(ctx.t, testId);
    const second = await buildParticipant(ctx.t, testId);
    const page = await create(testId, { url: PAGE, match_type: 'starts_with' });
    const get = async (path: string) =>
      expectOk(await as.clientMember.get(`/tests/${testId}/heatmaps/${page.id}/${path}`));

    const areas = heatmapAreasAnswer.parse(
      await get('areas?areas=0,0,100000,100000;900000,900000,10,10'),
    ).data;
    expect(areas.participants).toBe(2);
    const [everywhere, nowhere] = areas.areas;
    expect(everywhere).toMatchObject({ left: 0, top: 0, width: 100000, looked: 2, looked_share: 1 });
    expect(everywhere?.dwell_time).toBeGreaterThan(0);
    expect(everywhere?.time_to_first_fixation).toBeGreaterThanOrEqual(0);
    expect(everywhere?.emotions?.joy).toBeGreaterThan(0);
    expect(nowhere).toMatchObject({ looked: 0, looked_share: 0, dwell_time: null, emotions: null });

    const plot = heatmapFixationsAnswer.parse(
      await get(`fixations?participant_ids=${first.id},${second.id}&first_seconds=1`),
    ).data;
    expect(plot.participants.map((p) => p.participant_id)).toEqual([first.id, second.id]);
    for (const { fixations } of plot.participants) {
      expect(fixations.length % 4).toBe(0);
      const pageTimes = fixations.filter((_, i) => i % 4 === 3);
      expect(pageTimes).toEqual([...pageTimes].sort((a, b) => a - b));
    }
    const whole = heatmapFixationsAnswer.parse(await get(`fixations?participant_ids=${first.id}`)).data;
    const firstSecond = plot.participants[0]?.fixations.length ?? 0;
    expect(firstSecond).toBeGreaterThan(0);
    expect(whole.participants[0]?.fixations.length).toBeGreaterThan(firstSecond);

    const reach = heatmapScrollReachAnswer.parse(await get('scroll_reach')).data;
    expect(reach).toMatchObject({ participants: 2, step_px: 20 });
    expect(reach.shares[0]).toBe(1);
    expect(reach.shares.every((share, i) => i === 0 || share <= (reach.shares[i - 1] as number))).toBe(true);
  });

  it('limits the gaze to the moments around a participant’s peaks', async () => {
    const testId = await clientTest();
    const participant = await buildParticipant(ctx.t, testId);
    const page = await create(testId, { url: PAGE, match_type: 'starts_with' });
    const points = async (query: string) =>
      heatmapPointsAnswer.parse(
        expectOk(await as.clientMember.get(`/tests/${testId}/heatmaps/${page.id}/points${query}`)),
      ).data.samples;
    const all = await points('');
    expect(await points('?peaks=frustration')).toBe(0); // no peaks recorded yet
    const middle = participant.recording.eyes.samples.timestamp[300] as number;
    await ctx.t.db.insert(significantPoints).values({
      participantId: participant.id,
      emotion: 'frustration',
      timestampTop: middle,
      score: 4,
      ranking: 1,
    });
    const around = await points('?peaks=frustration');
    expect(around).toBeGreaterThan(0);
    expect(around).toBeLessThan(all);
    expect(await points('?peaks=joy')).toBe(0);
  });

  it('refuses bad areas and participants of other tests', async () => {
    const testId = await clientTest();
    const page = await create(testId, { url: PAGE });
    const other = await buildParticipant(ctx.t, await clientTest());
    const base = `/tests/${testId}/heatmaps/${page.id}`;
    expectError(await as.clientMember.get(`${base}/areas?areas=1,2,3`), 'validation');
    expectError(await as.clientMember.get(`${base}/areas`), 'validation');
    expectError(await as.clientMember.get(`${base}/fixations?participant_ids=1,2,3,4,5,6`), 'validation');
    expect((await as.clientMember.get(`${base}/fixations?participant_ids=${other.id}`)).statusCode).toBe(404);
  });
});
