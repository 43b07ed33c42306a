import { REEL_MESSAGES, reelAnswer, reelOrNoneAnswer } from '@limbus/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, signInWorld, useWorld } from '../../../test/api.js';
import { buildTest, giveVideo, RESULTS_READY, tinyScreenRecording } from '../../../test/factories.js';
import { consentTerms, evidenceReels, insights, participants, significantPoints } from '../../db/schema.js';
import { JOB_HANDLERS } from '../../job-handlers.js';
import { runJobsUntilIdle } from '../../jobs/job-runner.js';
import { MAKE_SCREEN_RECORDING, queueDormantScreenRecording } from '../participants/screen-recording-jobs.js';
import { pendingJobOf } from '../participants/screen-recording-jobs.repository.js';
import { reelInsightOf } from './evidence-reels.route-cases.js';

const ctx = useWorld();
let as: Awaited<ReturnType<typeof signInWorld>>;
let recording: Buffer;
beforeAll(async () => {
  as = await signInWorld(ctx.t.app, ctx.world);
  recording = await tinyScreenRecording();
});

const jobDeps = () => ({
  db: ctx.t.db,
  files: ctx.t.files,
  log: ctx.t.app.log,
  clock: () => ctx.t.clock.now,
});
const apiPath = (url: string) => url.replace('/api/v1', '');
const reelOf = (response: Parameters<typeof expectOk>[0], status = 200) =>
  reelAnswer.parse(expectOk(response, status)).data;
/** 'No reel to show' is an answer, not an error: 200 with `data: null` (no failed request in the browser). */
const expectNoReel = (response: Parameters<typeof expectOk>[0]) =>
  expect(reelOrNoneAnswer.parse(expectOk(response)).data).toBeNull();

async function storedReel(insightId: number) {
  const [row] = await ctx.t.db.select().from(evidenceReels).where(eq(evidenceReels.insightId, insightId));
  return row;
}

describe('evidence reels', () => {
  // renders a real MP4 with ffmpeg: 10 s alone, over 30 s beside the journeys on a loaded 2-core machine
  it('are made from the points, rendered by the job, published, then read and downloaded by clients', async () => {
    const made = await reelInsightOf(ctx.t, ctx.world.client.id, { reel: 'none' });
    await giveVideo(ctx.t, { participantId: made.participant.id }, recording);
    const url = apiPath(made.url);
    // None made yet: nothing, for the research area and for clients.
    expectNoReel(await as.staff.get(url));
    expectNoReel(await as.clientAdmin.get(url));

    const draft = reelOf(await as.staff.post(url));
    expect(draft).toMatchObject({ state: 'draft', published: false, left_out: 0, video: null });
    expect(draft.clips).toEqual([
      { point_id: made.pointId, start_offset_ms: -3000, end_offset_ms: 4000, participant: 'P01' },
    ]);
    // Unpublished: the company's users do not see it.
    expectNoReel(await as.clientAdmin.get(url));

    expect(reelOf(await as.staff.post(`${url}/render`), 202)).toMatchObject({
      state: 'rendering',
      progress: 0,
    });
    expect(await runJobsUntilIdle(jobDeps(), JOB_HANDLERS)).toBeGreaterThanOrEqual(1);
    expect(reelOf(await as.staff.get(url))).toMatchObject({ state: 'ready', progress: 100 });
    expectNoReel(await as.clientAdmin.get(url));

    reelOf(await as.staff.post(`${url}/publish`, { published: true }));
    const seen = reelOf(await as.clientMember.get(url));
    expect(seen.video).toMatch(/\/reel\/video\?/);
    const video = await ctx.t.app.inject({
      method: 'GET',
      url: seen.video ?? '',
      headers: { range: 'bytes=0-99' },
    });
    expect(video.statusCode).toBe(206);
    expect(video.rawPayload.length).toBe(100);
    // Another company's user learns nothing of it.
    expectError(await as.otherAdmin.get(url), 'not_found');

    // A change makes it a draft again; clients keep the last file until the next render.
    const firstKey = (await storedReel(made.insightId))?.fileKey;
    const changed = reelOf(await as.staff.patch(url, { reel: { caption_language: 'translation' } }));
    expect(changed).toMatchObject({ state: 'draft', published: true });
    expect(reelOf(await as.clientMember.get(url)).video).not.toBeNull();
    reelOf(await as.staff.post(`${url}/render`), 202);
    await runJobsUntilIdle(jobDeps(), JOB_HANDLERS);
    const rendered = await storedReel(made.insightId);
    expect(rendered).toMatchObject({ state: 'ready', captionLanguage: 'translation' });
    expect(rendered?.fileKey).not.toBe(firstKey);
    expect(await ctx.t.files.list('reels/')).toEqual([rendered?.fileKey]);

    // Consent terms come that the participant in the file never agreed to: clients no longer see it.
    await ctx.t.db.insert(consentTerms).values({
      testId: made.test.id,
      version: 1,
      text: 'We record you.',
      streams: ['emotions', 'eyes', 'mice'],
      purposes: ['report'],
    });
    expectNoReel(await as.clientMember.get(url));
    expect(reelOf(await as.staff.get(url)).published).toBe(true);
    // Nor is the file served by a URL signed before, to a client or to the research area.
    for (const signed of [seen.video, reelOf(await as.staff.get(url)).video]) {
      const served = await ctx.t.app.inject({ method: 'GET', url: signed ?? '' });
      expect(served.statusCode).toBe(404);
    }
  }, 90_000);

  it('answers 409 for an insight without points a reel can show', async () => {
    const test = await buildTest(ctx.t.db, ctx.world.client.id, RESULTS_READY);
    const [insight] = await ctx.t.db
      .insert(insights)
      .values({ testId: test.id, assignedId: 1, title: 'Nothing cited' })
      .returning();
    const response = await as.staff.post(`/tests/${test.id}/insights/${insight?.id}/reel`);
    expectError(response, 'conflict');
    expect(response.json().message).toBe(REEL_MESSAGES.noPoints);
  });

  it("starts the recordings a reel waits for and says they are being made (the demo's, made from data)", async () => {
    const made = await reelInsightOf(ctx.t, ctx.world.client.id, { reel: 'none' });
    await ctx.t.db.update(participants).set({ video: null }).where(eq(participants.id, made.participant.id));
    await queueDormantScreenRecording(ctx.t.db, made.participant.id);
    const response = await as.staff.post(apiPath(made.url));
    expectError(response, 'conflict');
    expect(response.json().message).toBe(REEL_MESSAGES.recordingsBeingMade(1));
    expect(await pendingJobOf(ctx.t.db, MAKE_SCREEN_RECORDING, made.participant.id)).toMatchObject({
      running: false,
      ahead: 0,
    });
    expect(await storedReel(made.insightId)).toBeUndefined();
  });

  it("captions a new reel in the readers' language where the comments are translated, and keeps the researcher's choice on a remake", async () => {
    const made = await reelInsightOf(ctx.t, ctx.world.client.id, { reel: 'none' });
    const url = apiPath(made.url);
    expect(reelOf(await as.staff.post(url)).caption_language).toBe('original');

    const translated = await reelInsightOf(ctx.t, ctx.world.client.id, { reel: 'none' });
    await ctx.t.db
      .update(significantPoints)
      .set({ translation: 'Sighs at the discount field' })
      .where(eq(significantPoints.id, translated.pointId));
    const translatedUrl = apiPath(translated.url);
    expect(reelOf(await as.staff.post(translatedUrl)).caption_language).toBe('translation');
    reelOf(await as.staff.patch(translatedUrl, { reel: { caption_language: 'original' } }));
    expect(reelOf(await as.staff.post(translatedUrl)).caption_language).toBe('original');
  });

  it('refuses bad changes with 400 and a clear message, changing nothing', async () => {
    const made = await reelInsightOf(ctx.t, ctx.world.client.id, { reel: 'draft' });
    const url = apiPath(made.url);
    const before = await storedReel(made.insightId);
    const clip = (start: number, end: number, pointId = made.pointId) => ({
      reel: { clips: [{ point_id: pointId, start_offset_ms: start, end_offset_ms: end }] },
    });
    const refusals: [object, string][] = [
      [{ reel: { clips: [] } }, 'A reel needs at least one clip'],
      [clip(-6000, 4000), REEL_MESSAGES.outsideRecording(made.pointId)],
      [clip(-3000, 6000), REEL_MESSAGES.outsideRecording(made.pointId)],
      [clip(1000, 1500), 'A clip must end at least 1 s after it starts'],
      [clip(-3000, 4000, 2 ** 31 - 1), REEL_MESSAGES.unknownPoint(2 ** 31 - 1)],
      [{ reel: { caption_language: 'klingon' } }, 'Choose original or translation'],
    ];
    for (const [body, message] of refusals) {
      const response = await as.staff.patch(url, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.body).toContain(message);
    }
    expect(await storedReel(made.insightId)).toEqual(before);

    const trimmed = reelOf(
      await as.staff.patch(url, {
        ...clip(-2000, 5000),
        reel: { ...clip(-2000, 5000).reel, caption_language: 'translation' },
      }),
    );
    expect(trimmed).toMatchObject({
      caption_language: 'translation',
      clips: [{ start_offset_ms: -2000, end_offset_ms: 5000 }],
    });
  });

  it('lets clients of the company read but not edit, and publishes only a made reel', async () => {
    const made = await reelInsightOf(ctx.t, ctx.world.client.id, { reel: 'draft' });
    const url = apiPath(made.url);
    expectError(await as.clientAdmin.patch(url, { reel: { caption_language: 'translation' } }), 'forbidden');
    expectError(await as.clientAdmin.post(`${url}/publish`, { published: true }), 'forbidden');
    const response = await as.staff.post(`${url}/publish`, { published: true });
    expectError(response, 'conflict');
    expect(response.json().message).toBe(REEL_MESSAGES.notReady);
    expect((await storedReel(made.insightId))?.published).toBe(false);
  });
});
