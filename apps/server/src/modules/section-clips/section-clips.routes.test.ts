import { decodeStream, encodeStream } from '@limbus/analytics';
import { SECTION_CLIP_MAX_POINTS, sectionClipsAnswer } from '@limbus/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, signInWorld, useWorld } from '../../../test/api.js';
import { buildParticipant, buildTest, giveVideo, RESULTS_READY } from '../../../test/factories.js';
import { jobs, labels } from '../../db/schema.js';
import { MAKE_SCREEN_RECORDING, queueDormantScreenRecording } from '../participants/screen-recording-jobs.js';

const ctx = useWorld();
let as: Awaited<ReturnType<typeof signInWorld>>;
beforeAll(async () => {
  as = await signInWorld(ctx.t.app, ctx.world);
});

const START = Date.UTC(2026, 0, 12, 9, 30);
const at = (seconds: number) => START + seconds * 1000;
const BASKET = { name: 'Basket', urls: ['/basket'] };
const CHECKOUT = { name: 'Checkout', urls: ['/checkout'] };
const visit = (from: number, to: number, label: typeof BASKET | null = BASKET) => ({
  timestampStart: at(from),
  timestampEnd: at(to),
  label,
});

async function labelId(testId: number, name: string): Promise<number> {
  const [row] = await ctx.t.db
    .select({ id: labels.id })
    .from(labels)
    .where(and(eq(labels.testId, testId), eq(labels.name, name)));
  if (!row) throw new Error(`no page ${name}`);
  return row.id;
}

/**
 * A done test of `companyId` with five participants: one who visited the basket twice (2 minutes
 * at 100 Hz of emotions, with a video), one whose recording is still to be made and who has no
 * emotions, one who only saw the checkout, one without started_at, one who never got a page.
 */
async function sectionVideoTest(companyId: number, overrides = {}) {
  const test = await buildTest(ctx.t.db, companyId, { ...RESULTS_READY, ...overrides });
  const long = await buildParticipant(ctx.t, test.id, {
    realId: 'P-long',
    recording: { startMs: START, durationMs: 120_000, emotionHz: 100 },
    sections: [visit(50, 80), visit(10, 40), visit(40, 50, CHECKOUT)],
  });
  await giveVideo(ctx.t, { participantId: long.id });
  const pending = await buildParticipant(ctx.t, test.id, {
    realId: 'P-pending',
    recording: { startMs: START, durationMs: 10_000 },
    streams: [],
    sections: [visit(5.5, 6)],
  });
  await queueDormantScreenRecording(ctx.t.db, pending.id);
  await buildParticipant(ctx.t, test.id, { realId: 'P-checkout', sections: [visit(1, 2, CHECKOUT)] });
  await buildParticipant(ctx.t, test.id, { realId: 'P-unstarted', startedAt: null, sections: [visit(1, 2)] });
  await buildParticipant(ctx.t, test.id, { realId: 'P-nowhere' });
  return { testId: test.id, long, pending, basket: await labelId(test.id, 'Basket') };
}

const clipsUrl = (testId: number, label: number | string) =>
  `/tests/${testId}/section-clips?label_id=${label}`;

describe('GET /tests/{id}/section-clips', () => {
  it("answers each participant's first visit of the page as a clip, with its video and its emotions only", async () => {
    const { testId, long, pending, basket } = await sectionVideoTest(ctx.world.client.id);
    const answer = sectionClipsAnswer.parse(
      expectOk(await as.clientMember.get(clipsUrl(testId, basket))),
    ).data;
    expect(answer.label_id).toBe(basket);
    expect(answer.participants).toBe(5);
    expect(answer.clips.map((clip) => clip.real_id)).toEqual(['P-long', 'P-pending']);
    const [first, second] = answer.clips;
    expect(first).toMatchObject({ participant_id: long.id, start: 10, length: 30, video_pending: false });
    expect(first?.video).toMatch(
      new RegExp(`^/api/v1/tests/${testId}/participants/${long.id}/video\\?expires=`),
    );
    expect(second).toMatchObject({
      participant_id: pending.id,
      start: 5.5,
      length: 0.5,
      video: null,
      video_pending: true,
      emotions: null,
    });
    // asking woke the dormant recording, as the participant answer with fields=video does
    const job = (await ctx.t.db.select().from(jobs).where(eq(jobs.kind, MAKE_SCREEN_RECORDING))).find(
      (row) => (row.payload as { participant_id?: number }).participant_id === pending.id,
    );
    expect(job?.runAfter.getTime()).toBeLessThanOrEqual(ctx.t.clock.now.getTime());

    // 30 s at 100 Hz, thinned to the chart's points by min/max: the span only, peaks kept
    const emotions = first?.emotions;
    if (!emotions) throw new Error('no emotions');
    const points = emotions.seconds.length;
    expect(points).toBeGreaterThan(SECTION_CLIP_MAX_POINTS / 2);
    expect(points).toBeLessThanOrEqual(SECTION_CLIP_MAX_POINTS);
    for (const column of [emotions.frustration, emotions.joy, emotions.attention])
      expect(column).toHaveLength(points);
    expect(emotions.seconds[0]).toBeCloseTo(0, 1);
    expect(emotions.seconds[points - 1]).toBeCloseTo(30, 1);
    const stored = decodeStream(encodeStream(long.recording.emotions));
    if (stored.kind !== 'emotions') throw new Error('not emotions');
    const during = [...stored.samples.joy].filter((_, i) => {
      const t = stored.samples.timestamp[i] as number;
      return t >= at(10) && t <= at(40);
    });
    expect(Math.max(...emotions.joy)).toBeCloseTo(Math.max(...during), 4);
    expect(Math.min(...emotions.joy)).toBeCloseTo(Math.min(...during), 4);
  });

  it('answers no clips for a page nobody visited, and counts the participants', async () => {
    const { testId } = await sectionVideoTest(ctx.world.client.id);
    const [page] = await ctx.t.db.insert(labels).values({ testId, name: 'Empty', urls: [] }).returning();
    const answer = sectionClipsAnswer.parse(
      expectOk(await as.clientAdmin.get(clipsUrl(testId, page?.id ?? 0))),
    );
    expect(answer.data).toEqual({ label_id: page?.id, participants: 5, clips: [] });
  });

  it('reads as the participant detail does, and is Professional: other companies get 404, Essential tests for clients and tests not done 403', async () => {
    const own = await sectionVideoTest(ctx.world.client.id);
    expectError(await as.otherAdmin.get(clipsUrl(own.testId, own.basket)), 'not_found');
    expectError(await as.anonymous.get(clipsUrl(own.testId, own.basket)), 'unauthenticated');
    expectOk(await as.staff.get(clipsUrl(own.testId, own.basket)));

    const essential = await sectionVideoTest(ctx.world.client.id, { testType: 'essential' });
    const refused = await as.clientAdmin.get(clipsUrl(essential.testId, essential.basket));
    expectError(refused, 'forbidden');
    expect(refused.json().message).toBe(
      'Section videos are part of Professional tests: upgrade this test to see them',
    );
    // the participant detail of that test stays readable: only the section video is Professional
    expectOk(await as.clientAdmin.get(`/tests/${essential.testId}/participants/${essential.long.id}`));
    expectOk(await as.staff.get(clipsUrl(essential.testId, essential.basket)));

    const requested = await sectionVideoTest(ctx.world.client.id, { state: 'requested' });
    expectError(await as.clientAdmin.get(clipsUrl(requested.testId, requested.basket)), 'forbidden');

    const demo = await sectionVideoTest(ctx.world.demo.id);
    expectOk(await as.demoUser.get(clipsUrl(demo.testId, demo.basket)));
  });

  it('refuses a missing or malformed label_id with 400 and an unknown page or one of another test with 404', async () => {
    const { testId } = await sectionVideoTest(ctx.world.client.id);
    const other = await sectionVideoTest(ctx.world.client.id);
    expectError(await as.clientAdmin.get(`/tests/${testId}/section-clips`), 'validation', {
      label_id: 'Choose a page: label_id is required',
    });
    for (const bad of ['abc', '0', '-1', '1.5', ''])
      expectError(await as.clientAdmin.get(clipsUrl(testId, bad)), 'validation', {
        label_id: 'Must be a positive whole number',
      });
    const unknown = await as.clientAdmin.get(clipsUrl(testId, 999_999));
    expectError(unknown, 'not_found');
    expect(unknown.json().message).toBe('The page was not found');
    expectError(await as.clientAdmin.get(clipsUrl(testId, other.basket)), 'not_found');
    expectError(await as.clientAdmin.get(clipsUrl(999_999, other.basket)), 'not_found');
  });
});
