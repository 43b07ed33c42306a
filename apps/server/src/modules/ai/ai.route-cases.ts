import { and, eq } from 'drizzle-orm';
import { type InputCase, signedIn } from '../../../test/bad-input-matrix.js';
import type { InputWorld } from '../../../test/bad-input-world.js';
import {
  type Ctx,
  companyOf,
  GET_AND_HEAD,
  type Outcome,
  type RoleExpectation,
  type RoleName,
  type RouteCases,
  researchRoute,
  staffOnAnyCompany,
  staffOnly,
} from '../../../test/route-policy-matrix.js';
import type { Database } from '../../db/client.js';
import { tags, tests } from '../../db/schema.js';
import { annotatedOf } from '../annotations/annotations.route-cases.js';
import { insightOf, newInsight } from '../insights/insights.route-cases.js';
import { insertGeneration } from './insight-generations.repository.js';

/** A test of the target company with a tagged point, its comments translated into German. */
async function translatedOf(ctx: Ctx) {
  const annotated = await annotatedOf(ctx);
  await ctx.t.db.update(tests).set({ translationLanguage: 'German' }).where(eq(tests.id, annotated.testId));
  return annotated;
}

/**
 * Past the access check, the matrix's offline provider (AI_PROVIDER=local) refuses translation and
 * free text: 409 ai_not_configured where the access rule lets the caller through.
 */
function refusedOffline(expect: Record<RoleName, RoleExpectation>): Record<RoleName, RoleExpectation> {
  const refused = (outcome: Outcome | undefined) => (outcome === 'ok' ? 409 : outcome);
  return Object.fromEntries(
    Object.entries(expect).map(([role, outcome]) => [
      role,
      typeof outcome === 'object'
        ? Object.fromEntries(Object.entries(outcome).map(([target, one]) => [target, refused(one)]))
        : refused(outcome),
    ]),
  ) as Record<RoleName, RoleExpectation>;
}

/** The tag of the bad-input world's recorded point. */
async function recordedTag(w: InputWorld): Promise<number> {
  const [tag] = await w.t.db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.testId, w.recordedTestId), eq(tags.name, 'Tagged')));
  if (!tag) throw new Error('no tag');
  return tag.id;
}

/** A queued insight generation of a tagged test, asked by `requesterId`. */
async function generationOf(
  db: Database,
  testId: number,
  tagId: number,
  requesterId: number,
): Promise<number> {
  const row = await insertGeneration(db, { testId, requesterId, tagId, focusPoint: '', at: new Date() });
  return row.id;
}

/**
 * A generation on a test of the target company, asked by the actor when they may generate (a
 * researcher reads their own), else by provider staff (the others are refused by the route).
 */
async function generationUrlOf(ctx: Ctx): Promise<string> {
  const { testId, tagId } = await annotatedOf(ctx);
  const asker = ctx.role === 'superAdmin' || ctx.role === 'staff' ? ctx.actor : null;
  const id = await generationOf(ctx.t.db, testId, tagId, (asker ?? ctx.world.staff).id);
  return `/api/v1/tests/${testId}/ai/insights/${id}`;
}

/** AI text: the research area asks the model (the local provider here); nothing is saved. */
export const aiPolicyCases: RouteCases = {
  'POST /api/v1/tests/:id/insights/:iid/ai/:field': researchRoute(async (ctx) => ({
    url: `${(await insightOf(ctx)).url}/ai/summary`,
  })),
  'POST /api/v1/ai/prompt': {
    access: 'researcher',
    targets: ['none'],
    request: () => ({
      url: '/api/v1/ai/prompt',
      payload: { prompt: 'Rewrite', text: 'the menu was hidden' },
    }),
    expect: refusedOffline(staffOnly),
  },
  'POST /api/v1/tests/:id/ai/insights': researchRoute(async (ctx) => {
    const { testId, tagId } = await annotatedOf(ctx);
    return { url: `/api/v1/tests/${testId}/ai/insights`, payload: { tag_id: tagId } };
  }),
  ...GET_AND_HEAD(
    '/api/v1/tests/:id/ai/insights/:gid',
    researchRoute(async (ctx) => ({ url: await generationUrlOf(ctx) })),
  ),
  'POST /api/v1/tests/:id/ai/translations': {
    ...researchRoute(async (ctx) => ({
      url: `/api/v1/tests/${(await translatedOf(ctx)).testId}/ai/translations`,
    })),
    expect: refusedOffline(staffOnAnyCompany),
  },
  ...GET_AND_HEAD(
    '/api/v1/tests/:id/ai/usage',
    researchRoute(async (ctx) => ({ url: `/api/v1/tests/${(await annotatedOf(ctx)).testId}/ai/usage` })),
  ),
  ...GET_AND_HEAD('/api/v1/companies/:id/ai', {
    access: 'staff',
    targets: ['own', 'other'],
    request: (ctx) => ({ url: `/api/v1/companies/${companyOf(ctx).id}/ai` }),
    expect: staffOnAnyCompany,
  }),
  'PATCH /api/v1/companies/:id/ai': {
    access: 'staff',
    targets: ['own', 'other'],
    request: (ctx) => ({
      url: `/api/v1/companies/${companyOf(ctx).id}/ai`,
      payload: { insight_language: 'Dutch', monthly_token_budget: 2_000_000 },
    }),
    expect: staffOnAnyCompany,
  },
};

export const aiInputCases: InputCase[] = [
  signedIn('POST /api/v1/tests/:id/insights/:iid/ai/:field', ['params'], async (w) => ({
    id: w.recordedTestId,
    params: { iid: await newInsight(w), field: 'explanation' },
  })),
  signedIn('POST /api/v1/ai/prompt', ['body'], () => ({
    body: { prompt: 'Rewrite this', text: 'the menu was hidden', max_tokens: 200 },
  })),

  signedIn('POST /api/v1/tests/:id/ai/insights', ['body', 'params'], async (w) => ({
    id: w.recordedTestId,
    body: { tag_id: await recordedTag(w), focus_point: 'The menu' },
  })),
  signedIn('GET /api/v1/tests/:id/ai/insights/:gid', ['params'], async (w) => ({
    id: w.recordedTestId,
    params: {
      gid: await generationOf(w.t.db, w.recordedTestId, await recordedTag(w), w.world.superAdmin.id),
    },
  })),
  signedIn('POST /api/v1/tests/:id/ai/translations', ['params'], async (w) => {
    await w.t.db.update(tests).set({ translationLanguage: 'German' }).where(eq(tests.id, w.recordedTestId));
    return { id: w.recordedTestId };
  }),
  signedIn('GET /api/v1/tests/:id/ai/usage', ['params'], (w) => ({ id: w.recordedTestId })),
  signedIn('GET /api/v1/companies/:id/ai', ['params'], (w) => ({ id: w.world.client.id })),
  signedIn('PATCH /api/v1/companies/:id/ai', ['body', 'params'], (w) => ({
    id: w.world.client.id,
    body: { insight_language: 'English', monthly_token_budget: 5000 },
  })),
];
