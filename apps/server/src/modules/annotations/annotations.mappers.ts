import type { Label, Tag } from '@limbus/contract';
import type { LabelRow, TagRow } from './annotations.repository.js';

export function toTag(row: TagRow): Tag {
  return { id: row.id, test_id: row.testId, name: row.name };
}

export function toLabel(row: LabelRow): Label {
  return { id: row.id, test_id: row.testId, name: row.name, urls: row.urls, match_type: row.matchType };
}
