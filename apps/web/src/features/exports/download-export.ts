import {
  type Cohort,
  EXPORT_ROWS_HEADER,
  type ExportFormat,
  type ExportKind,
  exportRoutes,
  fillPath,
} from '@limbus/contract';
import { API_BASE, ApiError, fetchApiFile } from '../../api';

export type ExportChoice = {
  testId: number;
  kind: ExportKind;
  format: ExportFormat;
  participantId: number | null;
  /** The results' cohort ('all': everyone); one participant's rows need none. */
  cohort: Cohort;
};

/** Where an export is read: the route of the contract with its query. */
export function exportUrl(choice: ExportChoice): string {
  const path = fillPath(exportRoutes.download.path, { id: choice.testId, kind: choice.kind });
  const query = new URLSearchParams({ format: choice.format });
  if (choice.participantId !== null) query.set('participant_id', String(choice.participantId));
  else if (choice.cohort !== 'all') query.set('cohort', choice.cohort);
  return `${API_BASE}${path}?${query}`;
}

/** Rows received so far and how many there will be (null when the server could not say). */
export type ExportProgress = { rows: number; total: number | null };

const NEWLINE = 10;

/** Newline bytes in a chunk: every row of an export (CSV and JSON alike) ends one line. */
export function countNewlines(chunk: Uint8Array): number {
  let count = 0;
  for (let i = 0; i < chunk.length; i++) if (chunk[i] === NEWLINE) count++;
  return count;
}

/** A share 0–1 of the rows received, or null when the total is unknown. */
export function progressShare(progress: ExportProgress): number | null {
  if (progress.total === null) return null;
  if (progress.total === 0) return 1;
  return Math.min(1, progress.rows / progress.total);
}

/** The file name the server chose (Content-Disposition), or a plain one. */
export function fileNameOf(response: Response, choice: ExportChoice): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return match?.[1] ?? `limbus-${choice.kind}.${choice.format}`;
}

async function failure(response: Response): Promise<ApiError> {
  const body = await response.json().catch(() => ({}));
  return new ApiError(response.status, body);
}

/**
 * Reads an export as the server streams it, reporting the rows received (the first line is the
 * header in both formats), and answers the whole file. The reply has no Content-Length (it is
 * produced while it is sent), so progress counts rows against the server's X-Export-Rows.
 */
export async function readExport(
  choice: ExportChoice,
  onProgress: (progress: ExportProgress) => void,
  signal?: AbortSignal,
): Promise<{ blob: Blob; fileName: string }> {
  const response = await fetchApiFile(exportUrl(choice), signal);
  if (!response.ok) throw await failure(response);
  const rowsHeader = response.headers.get(EXPORT_ROWS_HEADER);
  const total = rowsHeader === null ? null : Number(rowsHeader);
  const reader = response.body?.getReader();
  if (!reader) throw new ApiError(0, { message: 'The export could not be read' });
  const chunks: Uint8Array[] = [];
  let lines = 0;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    chunks.push(chunk.value);
    lines += countNewlines(chunk.value);
    onProgress({ rows: Math.max(0, lines - 1), total });
  }
  const type = choice.format === 'csv' ? 'text/csv' : 'application/json';
  return { blob: new Blob(chunks as BlobPart[], { type }), fileName: fileNameOf(response, choice) };
}
