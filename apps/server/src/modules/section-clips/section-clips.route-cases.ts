import { eq } from 'drizzle-orm';
import { type InputCase, signedIn } from '../../../test/bad-input-matrix.js';
import { buildParticipant, buildTest, RESULTS_READY } from '../../../test/factories.js';
import {
  type Ctx,
  companyOf,
  GET_AND_HEAD,
  ownCompanyRoute,
  type RouteCases,
} from '../../../test/route-policy-matrix.js';
import type { Database } from '../../db/client.js';
import { labels } from '../../db/schema.js';

const VISIT_START = Date.UTC(2026, 0, 12, 9, 30, 2);

/** A done Professional test of the target company whose participant visited the page 'Home'. */
async function sectionClipsUrlOf(ctx: Ctx) {
  const test = await buildTest(ctx.t.db, companyOf(ctx).id, RESULTS_READY);
  await buildParticipant(ctx.t, test.id, {
    sections: [
      { timestampStart: VISIT_START, timestampEnd: VISIT_START + 3000, label: { name: 'Home', urls: [] } },
    ],
  });
  return `/api/v1/tests/${test.id}/section-clips?label_id=${await labelOf(ctx.t.db, test.id)}`;
}

async function labelOf(db: Database, testId: number): Promise<number> {
  const [label] = await db.select({ id: labels.id }).from(labels).where(eq(labels.testId, testId)).limit(1);
  if (!label) throw new Error('the test has no page');
  return label.id;
}

/** The section video: whoever reads the test's participants and its Professional results. */
export const sectionClipsPolicyCases: RouteCases = {
  ...GET_AND_HEAD(
    '/api/v1/tests/:id/section-clips',
    ownCompanyRoute(async (ctx) => ({ url: await sectionClipsUrlOf(ctx) })),
  ),
};

export const sectionClipsInputCases: InputCase[] = [
  signedIn('GET /api/v1/tests/:id/section-clips', ['querystring', 'params'], async (w) => ({
    id: w.recordedTestId,
    query: { label_id: String(await labelOf(w.t.db, w.recordedTestId)), cohort: 'all' },
  })),
];
