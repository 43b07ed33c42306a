import { and, count, eq, gte, inArray, lte, ne, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  aiUsage,
  answers,
  companies,
  labels,
  participants,
  sections,
  significantPoints,
  tags,
  tests,
} from '../../db/schema.js';

/** The test an insight belongs to, with what a model is told about it. */
export async function findTestAbout(
  db: Executor,
  id: number,
): Promise<{
  id: number;
  companyId: number;
  name: string;
  purpose: string;
  focusElements: string[];
  translation: string;
  translationLanguage: string;
} | null> {
  const [row] = await db
    .select({
      id: tests.id,
      companyId: tests.companyId,
      name: tests.name,
      purpose: tests.purpose,
      focusElements: tests.focusElements,
      translation: tests.translation,
      translationLanguage: tests.translationLanguage,
    })
    .from(tests)
    .where(eq(tests.id, id));
  return row ?? null;
}

/** The tag an insight is proposed for, with what a model is told of it; null unless it is a tag of the test. */
export async function findTagAbout(
  db: Executor,
  testId: number,
  tagId: number,
): Promise<{ id: number; name: string; description: string } | null> {
  const [row] = await db
    .select({ id: tags.id, name: tags.name, description: tags.description })
    .from(tags)
    .where(and(eq(tags.id, tagId), eq(tags.testId, testId)));
  return row ?? null;
}

/** The provider's own company (the first flagged as provider), or null when there is none. */
export async function findProviderCompanyId(db: Executor): Promise<number | null> {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.isProvider, true))
    .orderBy(companies.id)
    .limit(1);
  return row?.id ?? null;
}

/** The recorded participants of a test (not its video result): the N of 'n of N participants'. */
export async function countRecordedParticipants(db: Executor, testId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(participants)
    .where(and(eq(participants.testId, testId), eq(participants.type, 'default')));
  return row?.total ?? 0;
}

/** The page (section title) each point's participant was on at its peak, by point id. */
export async function findPagesOfPoints(db: Executor, pointIds: number[]): Promise<Map<number, string>> {
  if (pointIds.length === 0) return new Map();
  const rows = await db
    .select({ pointId: significantPoints.id, page: labels.name })
    .from(significantPoints)
    .innerJoin(
      sections,
      and(
        eq(sections.participantId, significantPoints.participantId),
        lte(sections.timestampStart, significantPoints.timestampTop),
        gte(sections.timestampEnd, significantPoints.timestampTop),
      ),
    )
    .innerJoin(labels, eq(labels.id, sections.labelId))
    .where(inArray(significantPoints.id, pointIds));
  return new Map(rows.map((row) => [row.pointId, row.page]));
}

const untranslated = (testId: number) =>
  and(
    eq(participants.testId, testId),
    eq(significantPoints.translation, ''),
    ne(sql`trim(${significantPoints.comment})`, ''),
  );

/** `excluded`: participants whose comments no AI may read (their consent lacks 'ai'). */
const notOf = (excluded: readonly number[]) =>
  excluded.length === 0 ? undefined : notInArray(significantPoints.participantId, [...excluded]);

/** Commented points of the test without a translation, oldest first. */
export async function listUntranslatedComments(
  db: Executor,
  testId: number,
  limit: number,
  excluded: readonly number[] = [],
) {
  return db
    .select({ id: significantPoints.id, comment: significantPoints.comment })
    .from(significantPoints)
    .innerJoin(participants, eq(participants.id, significantPoints.participantId))
    .where(and(untranslated(testId), notOf(excluded)))
    .orderBy(significantPoints.id)
    .limit(limit);
}

export async function countUntranslatedComments(
  db: Executor,
  testId: number,
  excluded: readonly number[] = [],
): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(significantPoints)
    .innerJoin(participants, eq(participants.id, significantPoints.participantId))
    .where(and(untranslated(testId), notOf(excluded)));
  return row?.total ?? 0;
}

/** Only a translation: the point was not edited by a researcher, so a recomputation may still replace it. */
export async function saveTranslation(db: Executor, pointId: number, translation: string): Promise<void> {
  await db.update(significantPoints).set({ translation }).where(eq(significantPoints.id, pointId));
}

/** A test's open answers without a translation, which hold words to translate. */
const untranslatedAnswers = (testId: number, excluded: readonly number[]) =>
  and(
    eq(participants.testId, testId),
    eq(answers.translation, ''),
    ne(sql`trim(${answers.text})`, ''),
    excluded.length === 0 ? undefined : notInArray(answers.participantId, [...excluded]),
  );

export async function listUntranslatedAnswers(
  db: Executor,
  testId: number,
  limit: number,
  excluded: readonly number[] = [],
) {
  return db
    .select({ id: answers.id, text: answers.text })
    .from(answers)
    .innerJoin(participants, eq(participants.id, answers.participantId))
    .where(untranslatedAnswers(testId, excluded))
    .orderBy(answers.id)
    .limit(limit);
}

export async function countUntranslatedAnswers(
  db: Executor,
  testId: number,
  excluded: readonly number[] = [],
): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(answers)
    .innerJoin(participants, eq(participants.id, answers.participantId))
    .where(untranslatedAnswers(testId, excluded));
  return row?.total ?? 0;
}

export async function saveAnswerTranslation(
  db: Executor,
  answerId: number,
  translation: string,
): Promise<void> {
  await db.update(answers).set({ translation }).where(eq(answers.id, answerId));
}

// ── the AI budget of a company ──

/** The company's insight language and monthly budget with its tokens and calls of `month` (none yet: null). */
export async function findCompanyAiMonth(db: Executor, companyId: number, month: string) {
  const [company] = await db
    .select({
      language: companies.aiInsightLanguage,
      budget: companies.aiMonthlyTokenBudget,
      used: aiUsage.tokens,
      calls: aiUsage.calls,
    })
    .from(companies)
    .leftJoin(aiUsage, and(eq(aiUsage.companyId, companies.id), eq(aiUsage.month, month)))
    .where(eq(companies.id, companyId));
  return company ?? null;
}

/** Adds a call's reported tokens to the company's month, atomically. */
export async function addUsage(
  db: Executor,
  companyId: number,
  month: string,
  tokens: number,
): Promise<void> {
  await db
    .insert(aiUsage)
    .values({ companyId, month, tokens, calls: 1 })
    .onConflictDoUpdate({
      target: [aiUsage.companyId, aiUsage.month],
      set: { tokens: sql`${aiUsage.tokens} + ${tokens}`, calls: sql`${aiUsage.calls} + 1` },
    });
}

/** Staff set a company's insight language and monthly budget. */
export async function updateAiSettings(
  db: Executor,
  companyId: number,
  values: { insightLanguage?: string | undefined; monthlyTokenBudget?: number | undefined },
): Promise<boolean> {
  const set = {
    ...(values.insightLanguage !== undefined ? { aiInsightLanguage: values.insightLanguage } : {}),
    ...(values.monthlyTokenBudget !== undefined ? { aiMonthlyTokenBudget: values.monthlyTokenBudget } : {}),
  };
  if (Object.keys(set).length === 0) {
    const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
    return row !== undefined;
  }
  const rows = await db
    .update(companies)
    .set(set)
    .where(eq(companies.id, companyId))
    .returning({ id: companies.id });
  return rows.length > 0;
}
