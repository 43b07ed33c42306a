import { eq } from 'drizzle-orm';
import type { InputCase } from '../../../test/bad-input-matrix.js';
import { signedIn } from '../../../test/bad-input-matrix.js';
import { signedQuery } from '../../../test/bad-input-world.js';
import type { TestApp } from '../../../test/create-test-app.js';
import {
  buildParticipant,
  buildShareLink,
  buildTest,
  giveVideo,
  RESULTS_READY,
} from '../../../test/factories.js';
import {
  type Ctx,
  companyAdminsAndStaff,
  companyOf,
  GET_AND_HEAD,
  type RouteCases,
  readsOwnCompany,
  shareRoute,
  signedUrlHolderOk,
} from '../../../test/route-policy-matrix.js';
import { insightSignificantPoints, insights, significantPoints } from '../../db/schema.js';
import { reelInsightOf } from '../evidence-reels/evidence-reels.route-cases.js';

const AT = Date.UTC(2026, 0, 12, 9, 30);

/**
 * A done test of `companyId` whose insight 1 highlights a point of a participant with a screen
 * recording, and a link to it that lets recordings be played (or not); answers the clip's path.
 */
export async function sharedClipOf(
  t: Pick<TestApp, 'db' | 'files'>,
  companyId: number,
  createdById: number,
  { allowRecordings = true } = {},
) {
  const test = await buildTest(t.db, companyId, RESULTS_READY);
  const participant = await buildParticipant(t, test.id, {
    significantPoints: [{ emotion: 'frustration', timestampTop: AT + 20_000, tags: ['Discount'] }],
  });
  await giveVideo(t, { participantId: participant.id });
  const [point] = await t.db
    .select({ id: significantPoints.id })
    .from(significantPoints)
    .where(eq(significantPoints.participantId, participant.id));
  if (!point) throw new Error('no point');
  const [insight] = await t.db
    .insert(insights)
    .values({
      testId: test.id,
      assignedId: 1,
      title: 'Frustrated at the discount field',
      highlightId: point.id,
    })
    .returning({ id: insights.id });
  if (!insight) throw new Error('no insight');
  await t.db.insert(insightSignificantPoints).values({ insightId: insight.id, significantPointId: point.id });
  const link = await buildShareLink(t, { testId: test.id, createdById, allowRecordings });
  return { test, participant, link, path: `/api/v1/shared/links/${link.id}/insights/1/video` };
}

/**
 * A done test of `companyId` whose insight 1 has a published reel with a file, and a reel link to
 * it; answers the reel video's path.
 */
export async function sharedReelOf(
  t: Pick<TestApp, 'db' | 'files'>,
  companyId: number,
  createdById: number,
  link: { password?: string } = {},
) {
  const made = await reelInsightOf(t, companyId);
  const shared = await buildShareLink(t, {
    testId: made.test.id,
    createdById,
    scope: 'reel',
    insightId: made.insightId,
    ...link,
  });
  return { ...made, link: shared, path: `/api/v1/shared/links/${shared.id}/reel/video` };
}

/** A done test of the target company. */
const doneTestOf = (ctx: Ctx) => buildTest(ctx.t.db, companyOf(ctx).id, RESULTS_READY);

/** A link to a done test of the target company, made by the world's client admin. */
async function linkOf(ctx: Ctx) {
  const test = await doneTestOf(ctx);
  return buildShareLink(ctx.t, { testId: test.id, createdById: ctx.world.clientAdmin.id });
}

/**
 * Share links: made by the users of the test's company (not demo users) and staff, listed and
 * revoked by its admins and staff; the visitor's routes take a link's token, never a user's.
 */
export const shareLinksPolicyCases: RouteCases = {
  'POST /api/v1/tests/:id/share_links': {
    access: 'user',
    targets: ['own', 'other'],
    request: async (ctx) => ({
      url: `/api/v1/tests/${(await doneTestOf(ctx)).id}/share_links`,
      payload: { share_link: { scope: 'test' } },
    }),
    expect: { ...readsOwnCompany, demoUser: { own: 403, other: 404 } },
  },
  ...GET_AND_HEAD('/api/v1/companies/:id/share_links', {
    access: 'user',
    targets: ['own', 'other'],
    request: (ctx) => ({ url: `/api/v1/companies/${companyOf(ctx).id}/share_links` }),
    expect: companyAdminsAndStaff,
  }),
  'DELETE /api/v1/share_links/:id': {
    access: 'user',
    targets: ['own', 'other'],
    request: async (ctx) => ({ url: `/api/v1/share_links/${(await linkOf(ctx)).id}` }),
    expect: companyAdminsAndStaff,
  },
  ...GET_AND_HEAD('/api/v1/shared', shareRoute('/api/v1/shared')),
  'POST /api/v1/shared/unlock': shareRoute('/api/v1/shared/unlock'),
  ...GET_AND_HEAD('/api/v1/shared/overview', shareRoute('/api/v1/shared/overview')),
  ...GET_AND_HEAD('/api/v1/shared/insights', shareRoute('/api/v1/shared/insights')),
  ...GET_AND_HEAD('/api/v1/shared/insights/:number', shareRoute('/api/v1/shared/insights/1')),
  // The clip's recording by signed URL: the signature is the capability, given by an insight's
  // answer to the link's visitor; the link must still be live (share-links.routes.test.ts).
  ...GET_AND_HEAD('/api/v1/shared/links/:link/insights/:number/video', {
    access: 'signed',
    targets: ['own', 'other'],
    request: async (ctx) => {
      const { path } = await sharedClipOf(ctx.t, companyOf(ctx).id, ctx.world.clientAdmin.id);
      return { url: ctx.t.sign(path) };
    },
    expect: signedUrlHolderOk,
  }),
  ...GET_AND_HEAD('/api/v1/shared/reel', shareRoute('/api/v1/shared/reel')),
  // A reel link's MP4 by signed URL, given by /shared/reel; the link and its reel are read again.
  ...GET_AND_HEAD('/api/v1/shared/links/:link/reel/video', {
    access: 'signed',
    targets: ['own', 'other'],
    request: async (ctx) => {
      const { path } = await sharedReelOf(ctx.t, companyOf(ctx).id, ctx.world.clientAdmin.id);
      return { url: ctx.t.sign(path) };
    },
    expect: signedUrlHolderOk,
  }),
  ...GET_AND_HEAD('/api/v1/shared/pages', shareRoute('/api/v1/shared/pages')),
  ...GET_AND_HEAD('/api/v1/shared/tags', shareRoute('/api/v1/shared/tags')),
  ...GET_AND_HEAD('/api/v1/shared/heatmaps', shareRoute('/api/v1/shared/heatmaps')),
  ...GET_AND_HEAD('/api/v1/shared/heatmaps/:hid/points', shareRoute('/api/v1/shared/heatmaps/1/points')),
};

export const shareLinksInputCases: InputCase[] = [
  signedIn('POST /api/v1/tests/:id/share_links', ['body', 'params'], (w) => ({
    id: w.recordedTestId,
    body: {
      share_link: { scope: 'test', expires_in_days: 7, password: 'secret words', allow_recordings: true },
    },
  })),
  signedIn('GET /api/v1/companies/:id/share_links', ['params'], (w) => ({ id: w.world.client.id })),
  signedIn('DELETE /api/v1/share_links/:id', ['params'], async (w) => ({
    id: (await buildShareLink(w.t, { testId: w.recordedTestId, createdById: w.world.clientAdmin.id })).id,
  })),
  {
    key: 'POST /api/v1/shared/unlock',
    isPublic: false,
    isShare: true,
    parts: ['body'],
    sample: () => ({ body: { password: 'open sesame' } }),
  },
  signedIn('GET /api/v1/shared/links/:link/insights/:number/video', ['querystring', 'params'], async (w) => {
    const { link, path } = await sharedClipOf(w.t, w.world.client.id, w.world.clientAdmin.id);
    return { params: { link: link.id, number: 1 }, query: signedQuery(w, path) };
  }),
  signedIn('GET /api/v1/shared/links/:link/reel/video', ['querystring', 'params'], async (w) => {
    const { link, path } = await sharedReelOf(w.t, w.world.client.id, w.world.clientAdmin.id);
    return { params: { link: link.id }, query: signedQuery(w, path) };
  }),
  {
    key: 'GET /api/v1/shared/heatmaps/:hid/points',
    isPublic: false,
    isShare: true,
    parts: ['params', 'querystring'],
    sample: () => ({ params: { hid: 1 }, query: { cohort: 'all' } }),
  },
  ...(['overview', 'pages', 'tags'] as const).map(
    (screen): InputCase => ({
      key: `GET /api/v1/shared/${screen}`,
      isPublic: false,
      isShare: true,
      parts: ['querystring'],
      sample: () => ({ query: { cohort: 'all' } }),
    }),
  ),
  {
    key: 'GET /api/v1/shared/insights/:number',
    isPublic: false,
    isShare: true,
    parts: ['params'],
    sample: () => ({ params: { number: 1 } }),
  },
];
