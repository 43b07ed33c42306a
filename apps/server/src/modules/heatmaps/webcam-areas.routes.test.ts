import { heatmapAnswer, heatmapAreasAnswer } from '@limbus/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectOk, signInWorld, useWorld } from '../../../test/api.js';
import {
  buildParticipant,
  buildRemoteCohort,
  buildRemoteSession,
  buildTest,
  RESULTS_READY,
} from '../../../test/factories.js';

/** Areas of interest too small for the webcam gaze counted (issue 30): flagged, not ranked. */
const ctx = useWorld();
let as: Awaited<ReturnType<typeof signInWorld>>;
let testId: number;
let pageId: number;

/** Best validation accuracies (degrees) of the remote cohort: the median is 2°; one measured nothing. */
const ACCURACIES = [1.5, 3.8, 2, null];
/** 2° × 39.58 px per degree (96 CSS px per inch at 600 mm), rounded: 79 px; the minimum twice that. */
const ACCURACY_PX = 79;
const MIN_AREA_PX = 158;
/** Everywhere; 100 × 100; 200 wide but 150 high; 160 wide and tall. */
const AREAS = '0,0,100000,100000;0,0,100,100;0,0,200,150;0,0,160,5000';

beforeAll(async () => {
  as = await signInWorld(ctx.t.app, ctx.world);
  testId = (await buildTest(ctx.t.db, ctx.world.client.id, { ...RESULTS_READY, platform: 'desktop' })).id;
  await buildParticipant(ctx.t, testId);
  await buildParticipant(ctx.t, testId);
  const cohort = await buildRemoteCohort(ctx.t, { testId, createdById: ctx.world.superAdmin.id });
  for (const accuracy of ACCURACIES) {
    const { id } = await buildParticipant(ctx.t, testId, { source: 'webcam' });
    await buildRemoteSession(ctx.t, {
      cohortId: cohort.id,
      participantId: id,
      validationAccuracyDeg: accuracy,
    });
  }
  const page = { url: 'https://shop.example.test/shoes', match_type: 'starts_with' };
  pageId = heatmapAnswer.parse(
    expectOk(await as.staff.post(`/tests/${testId}/heatmaps`, { heatmap: page }), 201),
  ).data.id;
});

const areasOf = async (cohort: string) =>
  heatmapAreasAnswer.parse(
    expectOk(
      await as.clientMember.get(`/tests/${testId}/heatmaps/${pageId}/areas?areas=${AREAS}&cohort=${cohort}`),
    ),
  ).data;

describe('areas of interest and webcam accuracy', () => {
  it('the lab cohort has no minimum size: nothing flagged, every area ranked', async () => {
    const lab = await areasOf('lab');
    expect(lab.participants).toBe(2);
    expect(lab.webcam_accuracy_px).toBeNull();
    expect(lab.min_area_px).toBeNull();
    expect(lab.areas.map((area) => area.too_small_for_webcam)).toEqual([false, false, false, false]);
    expect(lab.areas.every((area) => area.rank !== null)).toBe(true);
    expect(lab.areas[0]?.rank).toBe(1);
  });

  it.each(['remote', 'all'])(
    'cohort %s: the minimum from the median accuracy, smaller areas flagged and unranked',
    async (cohort) => {
      const answer = await areasOf(cohort);
      expect(answer.participants).toBe(cohort === 'remote' ? 4 : 6);
      expect(answer.webcam_accuracy_px).toBe(ACCURACY_PX);
      expect(answer.min_area_px).toBe(MIN_AREA_PX);
      expect(answer.areas.map((area) => area.too_small_for_webcam)).toEqual([false, true, true, false]);
      expect(answer.areas.map((area) => area.rank)).toEqual([1, null, null, 2]);
      // A flagged area keeps its figures.
      expect(answer.areas[1]).toMatchObject({ width: 100, height: 100 });
      expect(answer.areas[1]?.looked).toBeGreaterThanOrEqual(0);
      expect(answer.areas[0]?.looked).toBe(answer.participants);
    },
  );
});
