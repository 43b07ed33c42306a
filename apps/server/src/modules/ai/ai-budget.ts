import type { AiUsage } from '@limbus/contract';
import type { Executor } from '../../db/client.js';
import { AppError, notFound } from '../../http/app-error.js';
import type { AiProvider, AiReply, AiTask } from './ai.provider.js';
import { addUsage, findCompanyAiMonth } from './ai.repository.js';

/** The calendar month (UTC) usage is counted in, as 'YYYY-MM'. */
export const monthOf = (now: Date) => now.toISOString().slice(0, 7);

const thousands = (value: number) => value.toLocaleString('en-US');

/** A company's tokens and calls this month beside its budget and insight language. */
export async function readUsage(db: Executor, companyId: number, now: Date): Promise<AiUsage> {
  const month = monthOf(now);
  const company = await findCompanyAiMonth(db, companyId, month);
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
  await addUsage(deps.db, companyId, monthOf(now), reply.tokens);
  return reply;
}
