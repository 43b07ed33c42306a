import { and, asc, desc, eq, inArray, isNull, max, notInArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { areasOfInterest, predictions, tests, users } from '../../db/schema.js';

export type PredictionRow = typeof predictions.$inferSelect & { requesterEmail: string | null };
export type AreaRow = typeof areasOfInterest.$inferSelect;
export type PredictionValues = Pick<
  typeof predictions.$inferInsert,
  'companyId' | 'requesterId' | 'projectId' | 'title' | 'application' | 'imageFormat' | 'width' | 'height'
> &
  Partial<Pick<typeof predictions.$inferInsert, 'heatmapId'>>;
export type AreaBox = Pick<AreaRow, 'top' | 'left' | 'width' | 'height'>;

const selection = { prediction: predictions, requesterEmail: users.email };
const toRow = (row: { prediction: typeof predictions.$inferSelect; requesterEmail: string | null }) => ({
  ...row.prediction,
  requesterEmail: row.requesterEmail,
});

/** A company's predictions, newest first; with `projectId` only that project's. */
export async function listPredictionRows(
  db: Executor,
  companyId: number,
  projectId?: number,
): Promise<PredictionRow[]> {
  const rows = await db
    .select(selection)
    .from(predictions)
    .leftJoin(users, eq(users.id, predictions.requesterId))
    .where(
      and(
        eq(predictions.companyId, companyId),
        projectId === undefined ? undefined : eq(predictions.projectId, projectId),
      ),
    )
    .orderBy(desc(predictions.id));
  return rows.map(toRow);
}

/** A prediction of `companyId`; null for any other company's, as if it did not exist. */
export async function findPredictionRow(
  db: Executor,
  id: number,
  companyId: number | null,
): Promise<PredictionRow | null> {
  if (companyId === null) return null;
  const [row] = await db
    .select(selection)
    .from(predictions)
    .leftJoin(users, eq(users.id, predictions.requesterId))
    .where(and(eq(predictions.id, id), eq(predictions.companyId, companyId)));
  return row ? toRow(row) : null;
}

export async function insertPrediction(db: Executor, values: PredictionValues): Promise<number> {
  const [row] = await db.insert(predictions).values(values).returning({ id: predictions.id });
  if (!row) throw new Error('insert into predictions returned no row');
  return row.id;
}

export async function updatePrediction(
  db: Executor,
  id: number,
  values: Partial<
    Pick<
      typeof predictions.$inferInsert,
      | 'title'
      | 'application'
      | 'projectId'
      | 'generatedAt'
      | 'peekthroughAttentionShare'
      | 'generationState'
      | 'generationProgress'
      | 'generationMessage'
    >
  >,
): Promise<void> {
  await db
    .update(predictions)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(predictions.id, id));
}

/** Any company's prediction, for jobs, which run for no user. */
export async function findPredictionById(db: Executor, id: number): Promise<PredictionRow | null> {
  const [row] = await db
    .select(selection)
    .from(predictions)
    .leftJoin(users, eq(users.id, predictions.requesterId))
    .where(eq(predictions.id, id));
  return row ? toRow(row) : null;
}

/**
 * Marks a generation queued unless one is queued or running already, in one statement so that two
 * calls at once cannot both win; answers whether this call did.
 */
export async function markGenerationQueued(db: Executor, id: number): Promise<boolean> {
  const marked = await db
    .update(predictions)
    .set({ generationState: 'queued', generationProgress: 0, generationMessage: null, updatedAt: sql`now()` })
    .where(
      and(
        eq(predictions.id, id),
        or(
          isNull(predictions.generationState),
          notInArray(predictions.generationState, ['queued', 'running']),
        ),
      ),
    )
    .returning({ id: predictions.id });
  return marked.length > 0;
}

export async function deletePredictionRow(db: Executor, id: number): Promise<void> {
  await db.delete(predictions).where(eq(predictions.id, id));
}

/** The boxes of the given predictions, in the order they were drawn. */
export async function listAreaRows(db: Executor, predictionIds: number[]): Promise<AreaRow[]> {
  if (predictionIds.length === 0) return [];
  return db
    .select()
    .from(areasOfInterest)
    .where(inArray(areasOfInterest.predictionId, predictionIds))
    .orderBy(asc(areasOfInterest.id));
}

export async function findAreaRow(db: Executor, predictionId: number, id: number): Promise<AreaRow | null> {
  const [row] = await db
    .select()
    .from(areasOfInterest)
    .where(and(eq(areasOfInterest.id, id), eq(areasOfInterest.predictionId, predictionId)));
  return row ?? null;
}

/** Inserts a box numbered one past the prediction's highest number so far (its default name 'Box {n}'). */
export async function insertArea(
  db: Executor,
  predictionId: number,
  values: AreaBox & { name: string | null; value: number | null },
): Promise<AreaRow> {
  const [last] = await db
    .select({ ordinal: max(areasOfInterest.ordinal) })
    .from(areasOfInterest)
    .where(eq(areasOfInterest.predictionId, predictionId));
  const [row] = await db
    .insert(areasOfInterest)
    .values({ ...values, predictionId, ordinal: (last?.ordinal ?? 0) + 1 })
    .returning();
  if (!row) throw new Error('insert into areas_of_interest returned no row');
  return row;
}

export async function updateArea(
  db: Executor,
  id: number,
  values: Partial<AreaBox & { name: string | null; value: number | null }>,
): Promise<AreaRow> {
  const [row] = await db.update(areasOfInterest).set(values).where(eq(areasOfInterest.id, id)).returning();
  if (!row) throw new Error('update of areas_of_interest returned no row');
  return row;
}

export async function deleteAreaRow(db: Executor, id: number): Promise<void> {
  await db.delete(areasOfInterest).where(eq(areasOfInterest.id, id));
}

/** The format of a prediction's screenshot, for its signed media URLs (the signature is the capability). */
export async function findPredictionFormat(db: Executor, id: number): Promise<string | null> {
  const [row] = await db
    .select({ imageFormat: predictions.imageFormat })
    .from(predictions)
    .where(eq(predictions.id, id));
  return row?.imageFormat ?? null;
}

/** The newest prediction of a heatmap page made for `companyId`, or null. */
export async function findPagePredictionRow(
  db: Executor,
  heatmapId: number,
  companyId: number,
): Promise<PredictionRow | null> {
  const [row] = await db
    .select(selection)
    .from(predictions)
    .leftJoin(users, eq(users.id, predictions.requesterId))
    .where(and(eq(predictions.heatmapId, heatmapId), eq(predictions.companyId, companyId)))
    .orderBy(desc(predictions.id))
    .limit(1);
  return row ? toRow(row) : null;
}

/** The name of the test a page prediction is titled after; null when there is no such test. */
export async function findTestName(db: Executor, testId: number): Promise<string | null> {
  const [row] = await db.select({ name: tests.name }).from(tests).where(eq(tests.id, testId));
  return row?.name ?? null;
}
