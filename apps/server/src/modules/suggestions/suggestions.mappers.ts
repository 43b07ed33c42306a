import type { Suggestion } from '@limbus/contract';
import { toUnixSeconds } from '../users/users.mappers.js';
import type { SuggestionRow } from './suggestions.repository.js';

export function toSuggestionAnswer(row: SuggestionRow): Suggestion {
  return {
    id: row.id,
    test_id: row.testId,
    title: row.title,
    suggestion: row.suggestion,
    additional_info: row.additionalInfo,
    rank: row.rank,
    effort: row.effort,
    impact: row.impact,
    next_step: row.nextStep,
    owner_id: row.ownerId,
    author_id: row.authorId,
    insight_id: row.insightId,
    done: row.done,
    created_at: toUnixSeconds(row.createdAt),
    updated_at: toUnixSeconds(row.updatedAt),
  };
}
