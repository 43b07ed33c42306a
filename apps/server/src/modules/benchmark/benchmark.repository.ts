import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { categories, testMetrics, tests } from '../../db/schema.js';

/** Web tests: video tests have no pages to compare. */
const WEB_PLATFORMS = ['desktop', 'mobile'] as const;

/**
 * The stored page metrics of the done web tests other than `testId` that share its company or its
 * category; tests whose metrics were never computed do not count.
 */
export async function referencePageMetrics(
  db: Executor,
  testId: number,
  scope: { companyId: number } | { categoryId: number },
): Promise<{ testId: number; payload: unknown }[]> {
  const sameScope =
    'companyId' in scope ? eq(tests.companyId, scope.companyId) : eq(tests.categoryId, scope.categoryId);
  const rows = await db
    .select({ testId: tests.id, payload: testMetrics.payload })
    .from(tests)
    .innerJoin(testMetrics, and(eq(testMetrics.testId, tests.id), eq(testMetrics.kind, 'pages')))
    .where(
      and(
        sameScope,
        ne(tests.id, testId),
        eq(tests.state, 'done'),
        inArray(tests.platform, [...WEB_PLATFORMS]),
      ),
    );
  return rows;
}

/** The test's category (id and name), or null when it has none. */
export async function findTestCategory(db: Executor, testId: number) {
  const [row] = await db
    .select({ id: categories.id, name: categories.name })
    .from(tests)
    .innerJoin(categories, eq(categories.id, tests.categoryId))
    .where(eq(tests.id, testId));
  return row ?? null;
}
