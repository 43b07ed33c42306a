import { REEL_CLIP_DEFAULT } from '@limbus/contract';
import { eq } from 'drizzle-orm';
import { type InputCase, signedIn } from '../../../test/bad-input-matrix.js';
import { type InputWorld, signedQuery } from '../../../test/bad-input-world.js';
import type { TestApp } from '../../../test/create-test-app.js';
import { buildParticipant, buildTest, giveVideo, MP4_HEAD, RESULTS_READY } from '../../../test/factories.js';
import {
  type Ctx,
  companyOf,
  GET_AND_HEAD,
  ownCompanyRoute,
  type RouteCases,
  researchRoute,
  signedUrlHolderOk,
} from '../../../test/route-policy-matrix.js';
import {
  evidenceReels,
  insightSignificantPoints,
  insights,
  significantPoints,
  tests,
} from '../../db/schema.js';

const AT = Date.UTC(2026, 0, 12, 9, 30);

/**
 * A done test of `companyId` whose insight 1 cites an annotated point (5 s into a 10 s recording)
 * of a participant with a screen recording; with `reel`, the insight's reel, made and published
 * (`published`) or a draft without a file.
 */
export async function reelInsightOf(
  t: Pick<TestApp, 'db' | 'files'>,
  companyId: number,
  { reel = 'published' }: { reel?: 'none' | 'draft' | 'published' } = {},
) {
  const test = await buildTest(t.db, companyId, RESULTS_READY);
  const participant = await buildParticipant(t, test.id, {
    significantPoints: [{ emotion: 'frustration', timestampTop: AT + 5000, comment: 'Sighs', tags: [] }],
  });
  await giveVideo(t, { participantId: participant.id });
  const [point] = await t.db
    .select({ id: significantPoints.id })
    .from(significantPoints)
    .where(eq(significantPoints.participantId, participant.id));
  const [insight] = await t.db
    .insert(insights)
    .values({ testId: test.id, assignedId: 1, title: 'Frustrated at the discount field' })
    .returning({ id: insights.id });
  if (!point || !insight) throw new Error('no point or insight');
  await t.db.insert(insightSignificantPoints).values({ insightId: insight.id, significantPointId: point.id });
  const url = `/api/v1/tests/${test.id}/insights/${insight.id}/reel`;
  const base = { test, participant, pointId: point.id, insightId: insight.id, url };
  if (reel === 'none') return { ...base, fileKey: null };
  const fileKey = reel === 'published' ? `reels/insight-${insight.id}-fixture.mp4` : null;
  if (fileKey) await t.files.put(fileKey, Buffer.concat([MP4_HEAD, Buffer.alloc(1000, 7)]));
  await t.db.insert(evidenceReels).values({
    insightId: insight.id,
    state: fileKey ? 'ready' : 'draft',
    published: fileKey !== null,
    fileKey,
    renderedPointIds: fileKey ? [point.id] : [],
    clips: [
      {
        point_id: point.id,
        start_offset_ms: REEL_CLIP_DEFAULT.startOffsetMs,
        end_offset_ms: REEL_CLIP_DEFAULT.endOffsetMs,
      },
    ],
  });
  return { ...base, fileKey };
}

const reelOf = (ctx: Ctx, reel: 'none' | 'draft' | 'published' = 'published') =>
  reelInsightOf(ctx.t, companyOf(ctx).id, { reel });

/** Reels: the research area makes and publishes them; whoever reads the insight reads a published one. */
export const evidenceReelsPolicyCases: RouteCases = {
  ...GET_AND_HEAD(
    '/api/v1/tests/:id/insights/:iid/reel',
    ownCompanyRoute(async (ctx) => ({ url: (await reelOf(ctx)).url })),
  ),
  'POST /api/v1/tests/:id/insights/:iid/reel': researchRoute(async (ctx) => ({
    url: (await reelOf(ctx, 'none')).url,
  })),
  'PATCH /api/v1/tests/:id/insights/:iid/reel': researchRoute(async (ctx) => ({
    url: (await reelOf(ctx, 'draft')).url,
    payload: { reel: { caption_language: 'translation' } },
  })),
  'POST /api/v1/tests/:id/insights/:iid/reel/render': researchRoute(async (ctx) => ({
    url: `${(await reelOf(ctx, 'draft')).url}/render`,
  })),
  'POST /api/v1/tests/:id/insights/:iid/reel/publish': researchRoute(async (ctx) => ({
    url: `${(await reelOf(ctx)).url}/publish`,
    payload: { published: false },
  })),
  // Media by signed URL: the signature is the capability, granted by GET …/reel after its checks.
  ...GET_AND_HEAD('/api/v1/tests/:id/insights/:iid/reel/video', {
    access: 'signed',
    targets: ['own', 'other'],
    request: async (ctx) => ({ url: ctx.t.sign(`${(await reelOf(ctx)).url}/video`) }),
    expect: signedUrlHolderOk,
  }),
};

/** A reel of the company of the world's recorded test. */
async function inputReel(w: InputWorld, reel: 'none' | 'draft' | 'published' = 'draft') {
  const [owner] = await w.t.db
    .select({ companyId: tests.companyId })
    .from(tests)
    .where(eq(tests.id, w.recordedTestId));
  if (!owner) throw new Error('no recorded test');
  const made = await reelInsightOf(w.t, owner.companyId, { reel });
  return { id: made.test.id, params: { iid: made.insightId }, made };
}

export const evidenceReelsInputCases: InputCase[] = [
  signedIn('GET /api/v1/tests/:id/insights/:iid/reel', ['params'], (w) => inputReel(w)),
  signedIn('POST /api/v1/tests/:id/insights/:iid/reel', ['params'], (w) => inputReel(w, 'none')),
  signedIn('PATCH /api/v1/tests/:id/insights/:iid/reel', ['body', 'params'], async (w) => {
    const { made, ...sample } = await inputReel(w);
    return {
      ...sample,
      body: {
        reel: {
          clips: [{ point_id: made.pointId, start_offset_ms: -2000, end_offset_ms: 3000 }],
          caption_language: 'original',
        },
      },
    };
  }),
  signedIn('POST /api/v1/tests/:id/insights/:iid/reel/render', ['params'], (w) => inputReel(w)),
  signedIn('POST /api/v1/tests/:id/insights/:iid/reel/publish', ['body', 'params'], async (w) => {
    const { made: _, ...sample } = await inputReel(w, 'published');
    return { ...sample, body: { published: true } };
  }),
  signedIn('GET /api/v1/tests/:id/insights/:iid/reel/video', ['querystring', 'params'], async (w) => {
    const { made, ...sample } = await inputReel(w, 'published');
    return { ...sample, query: signedQuery(w, `${made.url}/video`) };
  }),
];
