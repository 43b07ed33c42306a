import { COHORT_AGREEMENT_MESSAGES, cohortAgreementAnswer } from '@limbus/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, signInWorld, useWorld } from '../../../test/api.js';
import { buildParticipant, buildTest } from '../../../test/factories.js';
import { heatmaps, predictions } from '../../db/schema.js';
import { insertArea } from '../predictions/predictions.service.js';

const ctx = useWorld();
let as: Awaited<ReturnType<typeof signInWorld>>;
beforeAll(async () => {
  as = await signInWorld(ctx.t.app, ctx.world);
});

const ESSENTIAL_DONE = { state: 'done', testType: 'essential' } as const;
/** The synthetic recordings visit every page under this address (test/synthetic-streams.ts). */
const SHOP = 'https://shop.example.test/';

async function testWith(lab: number, remote: number, overrides = {}) {
  const test = await buildTest(ctx.t.db, ctx.world.client.id, { ...ESSENTIAL_DONE, ...overrides });
  for (let i = 0; i < lab; i++) await buildParticipant(ctx.t, test.id);
  for (let i = 0; i < remote; i++) await buildParticipant(ctx.t, test.id, { source: 'webcam' });
  return test.id;
}

/** A heatmap page of the test, 1920 × 1080, whose newest prediction has the given areas. */
async function pageWithAreas(testId: number, name: string, areas: { left: number; top: number }[]) {
  const [page] = await ctx.t.db
    .insert(heatmaps)
    .values({
      testId,
      name,
      url: SHOP,
      matchType: 'starts_with',
      screenshotWidth: 1920,
      screenshotHeight: 1080,
    })
    .returning();
  if (!page) throw new Error('no page');
  const [prediction] = await ctx.t.db
    .insert(predictions)
    .values({
      companyId: ctx.world.client.id,
      heatmapId: page.id,
      title: name,
      imageFormat: 'png',
      width: 1920,
      height: 1080,
    })
    .returning();
  if (!prediction) throw new Error('no prediction');
  for (const [i, area] of areas.entries())
    await insertArea(ctx.t.db, prediction.id, {
      ...area,
      width: 640,
      height: 540,
      name: i === 0 ? 'Hero' : null,
      value: null,
    });
  return page.id;
}

const agreementOf = async (testId: number) =>
  cohortAgreementAnswer.parse(expectOk(await as.clientMember.get(`/tests/${testId}/cohort_agreement`))).data;

describe('GET /tests/{id}/cohort_agreement', () => {
  it('compares the cohorts per page with n, seeded intervals, the AOI ranking and the expressions’ reason', async () => {
    const testId = await testWith(6, 6);
    const ranked = await pageWithAreas(testId, 'Home', [
      { left: 0, top: 0 },
      { left: 640, top: 0 },
      { left: 1280, top: 0 },
      { left: 0, top: 540 },
    ]);
    const few = await pageWithAreas(testId, 'Basket', [{ left: 0, top: 0 }]);
    const answer = await agreementOf(testId);
    if (!answer.available) throw new Error(answer.reason);
    expect(answer.method).toMatchObject({ level: 0.95, resamples: 200, sigma_px: 30, min_participants: 5 });
    expect(answer.expressions).toEqual({
      available: false,
      reason: COHORT_AGREEMENT_MESSAGES.expressionsNeedVideo,
    });
    const [home, basket] = answer.pages;
    expect(home).toMatchObject({ heatmap_id: ranked, name: 'Home', width: 1920, height: 1080 });
    expect(home).toMatchObject({ lab_participants: 6, remote_participants: 6 });
    for (const figure of [home?.cc, home?.nss]) {
      expect(figure?.lower).toBeLessThanOrEqual(figure?.value as number);
      expect(figure?.upper).toBeGreaterThanOrEqual(figure?.value as number);
    }
    expect(Math.abs(home?.cc.value as number)).toBeLessThanOrEqual(1);
    if (!home?.areas.available) throw new Error('the page’s areas are not ranked');
    expect(home.areas.areas.map((area) => area.name)).toEqual(['Hero', 'Box 2', 'Box 3', 'Box 4']);
    expect([...home.areas.areas.map((area) => area.lab_rank)].sort()).toEqual([1, 2, 3, 4]);
    expect(home.areas.areas[0]?.lab_rank_interval).toHaveLength(2);
    expect(basket?.heatmap_id).toBe(few);
    expect(basket?.areas).toEqual({ available: false, reason: COHORT_AGREEMENT_MESSAGES.fewAreas });
    for (const finding of answer.findings) expect(finding.text.length).toBeGreaterThan(20);
    expect(await agreementOf(testId)).toEqual(answer);
  });

  it('answers the video test’s frame, with no areas to rank', async () => {
    const testId = await testWith(5, 5, { platform: 'video' });
    const answer = await agreementOf(testId);
    if (!answer.available) throw new Error(answer.reason);
    expect(answer.pages).toHaveLength(1);
    expect(answer.pages[0]).toMatchObject({ heatmap_id: null, width: 1920, height: 1080 });
    expect(answer.pages[0]).toMatchObject({ lab_participants: 5, remote_participants: 5 });
    expect(answer.pages[0]?.cc.lower).not.toBeNull();
    expect(answer.pages[0]?.areas).toEqual({
      available: false,
      reason: COHORT_AGREEMENT_MESSAGES.videoAreas,
    });
    // The factory's webcam participants carry no facial expressions.
    expect(answer.expressions).toEqual({ available: false, reason: COHORT_AGREEMENT_MESSAGES.expressions });
  });

  it('answers each scene of the video: the frame over the fixations of its time only', async () => {
    const testId = await testWith(5, 5, { platform: 'video' });
    // The factory's recordings start with the video at 09:30 and last 10 s; scenes as a researcher marks them.
    const start = Date.UTC(2026, 0, 12, 9, 30);
    await buildParticipant(ctx.t, testId, {
      type: 'video_heatmap',
      realId: 'video-heatmap',
      recording: { startMs: start, durationMs: 10_000 },
      sections: [
        {
          timestampStart: start + 5000,
          timestampEnd: start + 9999,
          label: { name: 'Price reveal', urls: [] },
        },
        { timestampStart: start, timestampEnd: start + 4999, label: { name: 'Opening logo', urls: [] } },
        {
          timestampStart: start + 20_000,
          timestampEnd: start + 25_000,
          label: { name: 'After the end', urls: [] },
        },
      ],
    });
    const answer = await agreementOf(testId);
    if (!answer.available) throw new Error(answer.reason);
    expect(answer.scenes.map((scene) => [scene.name, scene.start_ms, scene.end_ms])).toEqual([
      ['Opening logo', 0, 4999],
      ['Price reveal', 5000, 9999],
      ['After the end', 20_000, 25_000],
    ]);
    const [opening, price, after] = answer.scenes;
    expect(opening).toMatchObject({ lab_participants: 5, remote_participants: 5 });
    expect(price).toMatchObject({ lab_participants: 5, remote_participants: 5 });
    expect(opening?.cc.value).not.toBeNull();
    // each scene holds its own fixations: not the whole frame's figures
    expect(opening?.cc.value).not.toBe(answer.pages[0]?.cc.value);
    // nobody watched past the video's 10 s: no figure, not a zero
    expect(after).toMatchObject({ lab_participants: 0, remote_participants: 0, cc: { value: null } });
  });

  it('sets the remote cohort’s smiles against the lab’s EEG joy over the video, with n, r and its interval', async () => {
    const test = await buildTest(ctx.t.db, ctx.world.client.id, { ...ESSENTIAL_DONE, platform: 'video' });
    // One seed for all: the lab watched the same video, so its EEG follows one story.
    const recording = { startMs: Date.UTC(2026, 0, 12, 9, 30), durationMs: 40_000, seed: 5 };
    const lab = [];
    for (let i = 0; i < 6; i++) lab.push(await buildParticipant(ctx.t, test.id, { recording }));
    for (const [i, labParticipant] of lab.entries()) {
      // A webcam participant an hour later whose smile follows the joy of a lab participant, scaled down.
      const { emotions } = labParticipant.recording;
      if (emotions.kind !== 'emotions') throw new Error('no emotions');
      const shift = (i + 1) * 3_600_000;
      const timestamp = emotions.samples.timestamp.map((t) => t + shift);
      const rest = (value: number) => new Float32Array(timestamp.length).fill(value);
      const happy = Float32Array.from(emotions.samples.joy, (joy) => joy * 0.3);
      await buildParticipant(ctx.t, test.id, {
        source: 'webcam',
        recording: { ...recording, startMs: recording.startMs + shift },
        streams: [
          {
            kind: 'expressions',
            samples: {
              timestamp,
              happy,
              surprise: rest(0.02),
              angry: rest(0.02),
              disgust: rest(0.01),
              fear: rest(0.01),
              sad: rest(0.02),
              neutral: happy.map((h) => 1 - h - 0.08),
            },
          },
        ],
      });
    }
    const answer = await agreementOf(test.id);
    if (!answer.available) throw new Error(answer.reason);
    if (!answer.expressions.available) throw new Error(answer.expressions.reason);
    const [smiles, frowns] = answer.expressions.curves;
    expect(smiles).toMatchObject({ pair: 'smile_joy', lab_participants: 6, remote_participants: 6 });
    expect(smiles?.time_s).toHaveLength(41);
    expect(smiles?.r.value).toBeGreaterThan(0.95);
    expect(smiles?.r.lower).not.toBeNull();
    expect(smiles?.reading).toBe('close');
    expect(smiles?.remote.every((value) => value === null || (value >= 0 && value <= 0.3))).toBe(true);
    // Constant frowns: no r, and nothing read into it.
    expect(frowns).toMatchObject({ pair: 'frown_frustration', reading: 'unclear' });
    expect(frowns?.r.value).toBeNull();
    for (const finding of answer.findings.filter((f) => f.kind === 'expression_moment'))
      expect(finding.text).toMatch(/stands? out/);
  });

  it('says plainly when the test lacks a cohort, and gives no interval to cohorts too small', async () => {
    expect(await agreementOf(await testWith(2, 0))).toEqual({
      available: false,
      reason: COHORT_AGREEMENT_MESSAGES.noRemote,
    });
    expect(await agreementOf(await testWith(0, 2))).toEqual({
      available: false,
      reason: COHORT_AGREEMENT_MESSAGES.noLab,
    });
    const small = await testWith(2, 3);
    await pageWithAreas(small, 'Home', []);
    const answer = await agreementOf(small);
    if (!answer.available) throw new Error(answer.reason);
    expect(answer.pages[0]?.cc.lower).toBeNull();
    expect(answer.pages[0]?.reading).toBe('unclear');
    expect(answer.pages[0]?.areas).toEqual({
      available: false,
      reason: COHORT_AGREEMENT_MESSAGES.noPageAreas,
    });
    expect(answer.findings).toEqual([]);
  });

  it('is 404 for an unknown test and for another company’s test', async () => {
    expectError(await as.clientMember.get('/tests/999999/cohort_agreement'), 'not_found');
    const other = await buildTest(ctx.t.db, ctx.world.other.id, ESSENTIAL_DONE);
    expectError(await as.clientMember.get(`/tests/${other.id}/cohort_agreement`), 'not_found');
  });
});
