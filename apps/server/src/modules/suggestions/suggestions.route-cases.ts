import { type InputCase, signedIn } from '../../../test/bad-input-matrix.js';
import type { InputWorld } from '../../../test/bad-input-world.js';
import { buildTest, RESULTS_READY } from '../../../test/factories.js';
import {
  type Ctx,
  companyOf,
  GET_AND_HEAD,
  ownCompanyRoute,
  type RoleExpectation,
  type RoleName,
  type RouteCases,
  readsOwnCompany,
} from '../../../test/route-policy-matrix.js';
import { suggestions } from '../../db/schema.js';
import { newInsight } from '../insights/insights.route-cases.js';
import { insertSuggestionRow } from './suggestions.repository.js';

/** A test of the target company with a suggestion. */
async function suggestionOf(ctx: Ctx) {
  const test = await buildTest(ctx.t.db, companyOf(ctx).id, RESULTS_READY);
  const [suggestion] = await ctx.t.db
    .insert(suggestions)
    .values({ testId: test.id, rank: 1, title: 'Suggestion' })
    .returning();
  if (!suggestion) throw new Error('no suggestion');
  return {
    url: `/api/v1/tests/${test.id}/suggestions/${suggestion.id}`,
    testUrl: `/api/v1/tests/${test.id}/suggestions`,
  };
}

/** Suggestions: staff, and the users of the test's company; demo users only read. */
const writesOwnSuggestions: Record<RoleName, RoleExpectation> = {
  ...readsOwnCompany,
  demoUser: { own: 403, other: 404 },
};

/** Suggestions: whoever reads the test reads them; staff and the company's users (not demo) write. */
export const suggestionsPolicyCases: RouteCases = {
  ...GET_AND_HEAD(
    '/api/v1/tests/:id/suggestions',
    ownCompanyRoute(async (ctx) => ({ url: (await suggestionOf(ctx)).testUrl })),
  ),
  ...GET_AND_HEAD(
    '/api/v1/tests/:id/suggestions/:sid',
    ownCompanyRoute(async (ctx) => ({ url: (await suggestionOf(ctx)).url })),
  ),
  'POST /api/v1/tests/:id/suggestions': {
    access: 'user',
    targets: ['own', 'other'],
    request: async (ctx) => ({
      url: (await suggestionOf(ctx)).testUrl,
      payload: { suggestion: { title: 'New' } },
    }),
    expect: writesOwnSuggestions,
  },
  'PATCH /api/v1/tests/:id/suggestions/:sid': {
    access: 'user',
    targets: ['own', 'other'],
    request: async (ctx) => ({ url: (await suggestionOf(ctx)).url, payload: { suggestion: { done: true } } }),
    expect: writesOwnSuggestions,
  },
  'DELETE /api/v1/tests/:id/suggestions/:sid': {
    access: 'user',
    targets: ['own', 'other'],
    request: async (ctx) => ({ url: (await suggestionOf(ctx)).url }),
    expect: writesOwnSuggestions,
  },
};

/** A new suggestion of the recorded test, ranked last. */
const newSuggestion = (w: InputWorld) =>
  insertSuggestionRow(w.t.db, w.recordedTestId, { title: 'Suggestion' });

export const suggestionsInputCases: InputCase[] = [
  signedIn('GET /api/v1/tests/:id/suggestions', ['params'], (w) => ({ id: w.recordedTestId })),
  signedIn('GET /api/v1/tests/:id/suggestions/:sid', ['params'], async (w) => ({
    id: w.recordedTestId,
    params: { sid: await newSuggestion(w) },
  })),
  signedIn('POST /api/v1/tests/:id/suggestions', ['body', 'params'], async (w) => ({
    id: w.recordedTestId,
    body: {
      suggestion: {
        title: 'Move the button',
        suggestion: '<p>Higher</p>',
        author_id: w.world.clientAdmin.id,
        test_id: w.recordedTestId,
        insight_id: await newInsight(w),
      },
    },
  })),
  signedIn('PATCH /api/v1/tests/:id/suggestions/:sid', ['body', 'params'], async (w) => ({
    id: w.recordedTestId,
    params: { sid: await newSuggestion(w) },
    body: {
      suggestion: {
        title: 'Changed',
        additional_info: '<ul><li>More</li></ul>',
        effort: 1,
        impact: 3,
        next_step: 2,
        owner_id: w.world.clientMember.id,
        done: true,
        rank: 1,
      },
    },
  })),
  signedIn('DELETE /api/v1/tests/:id/suggestions/:sid', ['params'], async (w) => ({
    id: w.recordedTestId,
    params: { sid: await newSuggestion(w) },
  })),
];
