import type { ErasureVerification } from '@limbus/contract';
import type { JobDeps } from '../../jobs/job-runner.js';
import { voiceFolder } from '../voice/voice-files.js';
import {
  countIdentifiersInTable,
  listSearchableColumns,
  listTablesWithTestId,
  type Needles,
  type SearchColumn,
} from './erasures.repository.js';

/**
 * The tables the search leaves out: the erasures table, whose receipts name the erased
 * participant's former id and (until verified) its targets by design, and nothing else.
 */
const NOT_SEARCHED = new Set(['erasures']);

/** The storage keys and key prefixes a participant's files have (docs/data-rights.md). */
export function participantKeyParts(participantId: number): string[] {
  return [
    `streams/${participantId}/`,
    `ingest/${participantId}/`,
    `uploads/${participantId}.part`,
    `uploads/research-${participantId}-`,
    `videos/${participantId}.`,
    voiceFolder(participantId),
  ];
}

/**
 * Searches every text, JSON and participant_id column of every table and every file of the store
 * for the participant's identifiers: its id, its real_id, its storage keys. Verified when none is
 * found anywhere.
 */
export async function verifyErasure(
  deps: Pick<JobDeps, 'db' | 'files' | 'clock'>,
  needles: Needles,
): Promise<ErasureVerification> {
  const columns = (await listSearchableColumns(deps.db)).filter((column) => !NOT_SEARCHED.has(column.table));
  const withTestId = await listTablesWithTestId(deps.db);
  const byTable = new Map<string, SearchColumn[]>();
  for (const column of columns) byTable.set(column.table, [...(byTable.get(column.table) ?? []), column]);
  const found: ErasureVerification['found'] = [];
  for (const [table, tableColumns] of byTable) {
    const counts = await countIdentifiersInTable(
      deps.db,
      table,
      tableColumns,
      withTestId.has(table),
      needles,
    );
    for (const { column, count } of counts) if (count > 0) found.push({ where: `${table}.${column}`, count });
  }
  const keys = await deps.files.list('');
  const named = new Set(needles.keyParts);
  const leftFiles = keys.filter(
    (key) => needles.keyParts.some((part) => key.startsWith(part)) || named.has(key),
  );
  if (leftFiles.length > 0) found.push({ where: 'files', count: leftFiles.length });
  return {
    columns_searched: columns.length,
    files_searched: keys.length,
    found,
    checked_at: Math.floor(deps.clock().getTime() / 1000),
  };
}
