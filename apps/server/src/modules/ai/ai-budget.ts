import type { AiUsage } from '@limbus/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { aiUsage, companies } from '../../db/schema.js';
import { AppError, notFound } from '../../http/app-error.js';
import type { AiProvider, AiReply, AiTask } from './ai.provider.js';

/** The calendar month (UTC) usage is counted in, as 'YYYY-MM'. */
export const monthOf = (now: Date) => now.toISOString().slice(0, 7);

const thousands = (value: number) => value.toLocaleString('en-US');

/** A company's tokens and calls this month beside its budget and insight language. */
export async function readUsage(db: Executor, companyId: number, now: Date): Promise<AiUsage> {
  const month = monthOf(now);
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
  if (!company) throw notFound('The company');
  return {
    company_id: companyId,
    month,
    used_tokens: company.used ?? 0,
    calls: company.calls ?? 0,
    budget_tokens: company.budget,
    insight_language: company.language,
  };
}

/** 429 naming the budget once this month's reported tokens reached it. */
export async function checkBudget(db: Executor, companyId: number, now: Date): Promise<AiUsage> {
  const usage = await readUsage(db, companyId, now);
  if (usage.used_tokens >= usage.budget_tokens)
    throw new AppError(
      'rate_limited',
      `This company's AI budget of ${thousands(usage.budget_tokens)} tokens a month is used up for ${usage.month} (${thousands(usage.used_tokens)} used). It starts again next month, or staff can raise it.`,
    );
  return usage;
}

/** Adds a call's reported tokens to the company's month, atomically. */
export async function recordUsage(db: Executor, companyId: number, now: Date, tokens: number): Promise<void> {
  await db
    .insert(aiUsage)
    .values({ companyId, month: monthOf(now), tokens, calls: 1 })
    .onConflictDoUpdate({
      target: [aiUsage.companyId, aiUsage.month],
      set: { tokens: sql`${aiUsage.tokens} + ${tokens}`, calls: sql`${aiUsage.calls} + 1` },
    });
}

export type BudgetDeps = { db: Executor; clock?: () => Date };

/** One model call charged to a company: refused over budget, its reported tokens counted after. */
export async function completeWithin(
  deps: BudgetDeps,
  provider: AiProvider,
  companyId: number,
  task: AiTask,
): Promise<AiReply> {
  const now = deps.clock?.() ?? new Date();
  await checkBudget(deps.db, companyId, now);
  const reply = await provider.complete(task);
  await recordUsage(deps.db, companyId, now, reply.tokens);
  return reply;
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
