import {
  type EvaluationWrite,
  MAX_EVALUATIONS,
  TEST_MESSAGES,
  TEST_SLOTS,
  type TestWrite,
} from '@limbus/contract';
import type { Executor } from '../../db/client.js';
import type { QuestionKind } from '../../db/schema.js';
import {
  deleteQuestionRows,
  insertQuestionRows,
  type QuestionRow,
  updateQuestionRow,
} from './user-tests.repository.js';

type QuestionChanges = {
  text: string;
  position: number;
  description?: string;
  captionLow?: string;
  captionHigh?: string;
};

export type QuestionPlan = {
  inserts: (QuestionChanges & { kind: QuestionKind })[];
  updates: { id: number; changes: QuestionChanges }[];
  deletes: number[];
};

const LISTS = [
  {
    field: 'associations',
    kind: 'association',
    limit: TEST_SLOTS.associations,
    tooMany: TEST_MESSAGES.tooManyAssociations,
  },
  {
    field: 'open_questions',
    kind: 'open',
    limit: TEST_SLOTS.open_questions,
    tooMany: TEST_MESSAGES.tooManyOpenQuestions,
  },
  { field: 'evaluations', kind: 'scale', limit: MAX_EVALUATIONS, tooMany: TEST_MESSAGES.tooManyEvaluations },
] as const;

/**
 * The save rules of spec 2 §2 for the lists a write names: a new entry with blank text is dropped,
 * an existing one with `_destroy` or blank text is deleted, the others are written in the order
 * given. Entries of a list that the write does not name stay as they are. After the write a list
 * may hold at most its slots; ids must be questions of that list of this test.
 */
export function planQuestions(
  fields: TestWrite,
  existing: QuestionRow[],
): { plan: QuestionPlan; issues: Record<string, string> } {
  const plan: QuestionPlan = { inserts: [], updates: [], deletes: [] };
  const issues: Record<string, string> = {};
  for (const list of LISTS) {
    const entries: EvaluationWrite[] | undefined = fields[list.field];
    if (!entries) continue;
    const own = new Map(existing.filter((row) => row.kind === list.kind).map((row) => [row.id, row]));
    const seen = new Set<number>();
    let count = own.size;
    for (const [position, entry] of entries.entries()) {
      const isBlank = entry.text.trim() === '';
      const changes = questionChanges(entry, position);
      if (entry.id === undefined) {
        if (isBlank || entry._destroy) continue;
        plan.inserts.push({ ...changes, kind: list.kind });
        count += 1;
      } else if (!own.has(entry.id) || seen.has(entry.id)) {
        issues[list.field] = TEST_MESSAGES.unknownQuestion;
      } else if (isBlank || entry._destroy) {
        plan.deletes.push(entry.id);
        count -= 1;
      } else {
        plan.updates.push({ id: entry.id, changes });
      }
      if (entry.id !== undefined) seen.add(entry.id);
    }
    if (count > list.limit) issues[list.field] ??= list.tooMany;
  }
  return { plan, issues };
}

function questionChanges(entry: EvaluationWrite, position: number): QuestionChanges {
  const changes: QuestionChanges = { text: entry.text.trim(), position };
  if (entry.description !== undefined) changes.description = entry.description;
  if (entry.caption_low !== undefined) changes.captionLow = entry.caption_low;
  if (entry.caption_high !== undefined) changes.captionHigh = entry.caption_high;
  return changes;
}

export async function applyQuestionPlan(db: Executor, testId: number, plan: QuestionPlan): Promise<void> {
  await deleteQuestionRows(db, plan.deletes);
  for (const update of plan.updates) await updateQuestionRow(db, update.id, update.changes);
  await insertQuestionRows(
    db,
    plan.inserts.map((question) => ({ ...question, testId })),
  );
}
