import {
  createdShareLinkAnswer,
  heatmapAnswer,
  heatmapPointsAnswer,
  journeyAnswer,
  labelListAnswer,
  participantListAnswer,
  qualitativeFeedbackSchema,
  sectionClipsAnswer,
  sharedLinkAnswer,
  sharedOverviewSchema,
  sharedPageSchema,
  testDetailSchema,
  videoResultsSchema,
} from '@limbus/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, signInWorld, useWorld } from '../../../test/api.js';
import { buildParticipant, buildTest, RESULTS_READY } from '../../../test/factories.js';
import { answers, labels, testQuestions } from '../../db/schema.js';
import { JOB_HANDLERS } from '../../job-handlers.js';
import { runJobsUntilIdle } from '../../jobs/job-runner.js';
import { queueTestMetrics } from '../ingestion/analysis.js';

/** The results' cohort filter (issue 30): lab, remote (source webcam) or all participants. */
const ctx = useWorld();
let as: Awaited<ReturnType<typeof signInWorld>>;
/** A done Professional web test with 2 lab and 3 remote participants. */
let testId: number;
let remoteIds: number[];

const COHORT_MESSAGE = 'Choose a cohort: all, lab or remote';
const jobDeps = () => ({
  db: ctx.t.db,
  files: ctx.t.files,
  log: ctx.t.app.log,
  clock: () => ctx.t.clock.now,
});
const cohortQuery = (cohort: string | undefined) => (cohort === undefined ? '' : `?cohort=${cohort}`);

async function bothCohorts(platform: 'desktop' | 'video') {
  const id = (await buildTest(ctx.t.db, ctx.world.client.id, { ...RESULTS_READY, platform })).id;
  const lab = [await buildParticipant(ctx.t, id), await buildParticipant(ctx.t, id)].map((row) => row.id);
  const remote: number[] = [];
  for (let n = 0; n < 3; n++) remote.push((await buildParticipant(ctx.t, id, { source: 'webcam' })).id);
  return { id, lab, remote };
}

beforeAll(async () => {
  as = await signInWorld(ctx.t.app, ctx.world);
  const test = await bothCohorts('desktop');
  testId = test.id;
  remoteIds = test.remote;
  await ctx.t.db.insert(labels).values({
    testId,
    name: 'Shop',
    urls: ['https://shop.example.test/'],
    matchType: 'starts_with',
  });
  await queueTestMetrics(ctx.t.db, testId, ctx.t.clock.now);
  await runJobsUntilIdle(jobDeps(), JOB_HANDLERS);
});

describe('cohorts of a test', () => {
  it("the test's detail counts the finished participants of each cohort", async () => {
    const test = testDetailSchema.parse(expectOk(await as.clientMember.get(`/tests/${testId}`)));
    expect(test.cohorts).toEqual({ lab: 2, remote: 3 });
  });

  it('the participants list keeps the cohort asked for', async () => {
    const listed = async (cohort?: string) =>
      participantListAnswer
        .parse(expectOk(await as.clientMember.get(`/tests/${testId}/participants${cohortQuery(cohort)}`)))
        .map((row) => row.source);
    expect(await listed()).toHaveLength(5);
    expect(await listed('all')).toHaveLength(5);
    expect(await listed('lab')).toEqual(['lab', 'lab']);
    expect(await listed('remote')).toEqual(['webcam', 'webcam', 'webcam']);
  });

  it('refuses another cohort with a 400 naming `cohort`, on every route that takes it', async () => {
    const heatmap = heatmapAnswer.parse(
      expectOk(
        await as.staff.post(`/tests/${testId}/heatmaps`, { heatmap: { url: 'https://x.test/' } }),
        201,
      ),
    ).data;
    for (const path of [
      'participants',
      'labels',
      'tags',
      'journey',
      `heatmaps/${heatmap.id}/points`,
      `heatmaps/${heatmap.id}/scroll_reach`,
      'video_results',
      'qualitative_feedback',
      'section-clips?label_id=1',
    ])
      expectError(
        await as.clientMember.get(`/tests/${testId}/${path}${path.includes('?') ? '&' : '?'}cohort=webcam`),
        'validation',
        {
          cohort: COHORT_MESSAGE,
        },
      );
  });
});

describe('results of a cohort', () => {
  it('heatmap points are of the cohort’s participants', async () => {
    const page = heatmapAnswer.parse(
      expectOk(
        await as.staff.post(`/tests/${testId}/heatmaps`, {
          heatmap: { url: 'https://shop.example.test/', match_type: 'starts_with' },
        }),
        201,
      ),
    ).data;
    const points = async (cohort?: string) =>
      heatmapPointsAnswer.parse(
        expectOk(
          await as.clientMember.get(`/tests/${testId}/heatmaps/${page.id}/points${cohortQuery(cohort)}`),
        ),
      ).data;
    const [all, lab, remote] = [await points(), await points('lab'), await points('remote')];
    expect([all.participants, lab.participants, remote.participants]).toEqual([5, 2, 3]);
    expect(lab.samples + remote.samples).toBe(all.samples);
  });

  it('the page ranking is computed over the cohort, anew when its participants change', async () => {
    const visitors = async (cohort?: string) =>
      labelListAnswer.parse(
        expectOk(await as.clientMember.get(`/tests/${testId}/labels${cohortQuery(cohort)}`)),
      ).data.labels[0]?.total_participants;
    expect([await visitors(), await visitors('lab'), await visitors('remote')]).toEqual([5, 2, 3]);
    // Kept per cohort: asking again answers the same.
    expect([await visitors('remote'), await visitors('lab')]).toEqual([3, 2]);

    const [left] = remoteIds;
    expectOk(await as.staff.patch(`/tests/${testId}/quality/${left}`, { excluded_from_metrics: true }));
    await runJobsUntilIdle(jobDeps(), JOB_HANDLERS);
    expect([await visitors(), await visitors('lab'), await visitors('remote')]).toEqual([4, 2, 2]);
    expectOk(await as.staff.patch(`/tests/${testId}/quality/${left}`, { excluded_from_metrics: false }));
    await runJobsUntilIdle(jobDeps(), JOB_HANDLERS);
    expect(await visitors('remote')).toBe(3);
  });

  it('the section video considers the cohort’s participants', async () => {
    const [page] = labelListAnswer.parse(expectOk(await as.staff.get(`/tests/${testId}/labels`))).data.labels;
    const considered = async (cohort?: string) =>
      sectionClipsAnswer.parse(
        expectOk(
          await as.staff.get(
            `/tests/${testId}/section-clips?label_id=${page?.id}${cohort ? `&cohort=${cohort}` : ''}`,
          ),
        ),
      ).data.participants;
    expect([await considered(), await considered('lab'), await considered('remote')]).toEqual([5, 2, 3]);
  });

  it('the journey follows the cohort’s participants', async () => {
    const walkers = async (cohort?: string) =>
      journeyAnswer.parse(
        expectOk(await as.clientMember.get(`/tests/${testId}/journey${cohortQuery(cohort)}`)),
      ).data.participants;
    expect([await walkers(), await walkers('lab'), await walkers('remote')]).toEqual([5, 2, 3]);
  });
});

describe('a share link of a test with both cohorts', () => {
  it('reads the overview, pages and heatmap per cohort, and says how many each cohort has', async () => {
    const { token } = createdShareLinkAnswer.parse(
      expectOk(
        await as.clientAdmin.post(`/tests/${testId}/share_links`, { share_link: { scope: 'test' } }),
        201,
      ),
    );
    const visit = async (url: string) =>
      ctx.t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { authorization: `Share ${token}` } });
    const shell = sharedLinkAnswer.parse(expectOk(await visit('/shared'))).data;
    expect(shell.test?.cohorts).toEqual({ lab: 2, remote: 3 });

    const shown = async (cohort?: string) =>
      sharedOverviewSchema.parse(expectOk(await visit(`/shared/overview${cohortQuery(cohort)}`)).data)
        .participants;
    expect([await shown(), await shown('lab'), await shown('remote')]).toEqual([5, 2, 3]);

    const visitors = async (cohort?: string) =>
      sharedPageSchema.array().parse(expectOk(await visit(`/shared/pages${cohortQuery(cohort)}`)).data)[0]
        ?.total_participants;
    expect([await visitors(), await visitors('lab'), await visitors('remote')]).toEqual([5, 2, 3]);

    const page = testDetailSchema
      .parse(expectOk(await as.clientMember.get(`/tests/${testId}`)))
      .heatmaps.find((candidate) => candidate.url === 'https://shop.example.test/');
    if (!page) throw new Error('no heatmap page');
    const gazers = async (cohort?: string) =>
      heatmapPointsAnswer.parse(
        expectOk(await visit(`/shared/heatmaps/${page.id}/points${cohortQuery(cohort)}`)),
      ).data.participants;
    expect([await gazers(), await gazers('lab'), await gazers('remote')]).toEqual([5, 2, 3]);

    for (const path of ['overview', 'pages', 'tags', `heatmaps/${page.id}/points`])
      expectError(await visit(`/shared/${path}?cohort=webcam`), 'validation', { cohort: COHORT_MESSAGE });
  });
});

describe('video results of a cohort', () => {
  it("count the cohort's viewers and keep their answers only", async () => {
    const video = await bothCohorts('video');
    const [question] = await ctx.t.db
      .insert(testQuestions)
      .values({ testId: video.id, kind: 'scale', text: 'Appeal', position: 0 })
      .returning({ id: testQuestions.id });
    if (!question) throw new Error('no question');
    await ctx.t.db
      .insert(answers)
      .values([
        ...video.lab.map((participantId) => ({ questionId: question.id, participantId, score: 5 })),
        ...video.remote.map((participantId) => ({ questionId: question.id, participantId, score: 2 })),
      ]);
    const feedback = async (cohort?: string) =>
      qualitativeFeedbackSchema.parse(
        expectOk(await as.clientAdmin.get(`/tests/${video.id}/qualitative_feedback${cohortQuery(cohort)}`)),
      ).evaluations[0];
    expect(await feedback()).toMatchObject({ answers: 5, average: 3.2 });
    expect(await feedback('lab')).toMatchObject({ answers: 2, average: 5 });
    expect(await feedback('remote')).toMatchObject({ answers: 3, average: 2 });

    const viewers = async (cohort?: string) =>
      videoResultsSchema.parse(
        expectOk(await as.clientAdmin.get(`/tests/${video.id}/video_results${cohortQuery(cohort)}`)),
      ).stats.participants;
    expect([await viewers(), await viewers('lab'), await viewers('remote')]).toEqual([5, 2, 3]);
  });
});
