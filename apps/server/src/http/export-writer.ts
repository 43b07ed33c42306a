import { type CsvCell, csvRow, type ExportFormat } from '@limbus/contract';

/** A column of an export: its name (with the unit, as in the CSV header) and what the unit is. */
export type Column = { name: string; unit: string };
export type Cell = CsvCell;

/** Lines are gathered into chunks of about this many characters before they are written. */
const CHUNK_CHARS = 64 * 1024;

/** JSON has no NaN or Infinity: a value that is not finite is null. */
const jsonCell = (value: Cell): Cell => (typeof value === 'number' && !Number.isFinite(value) ? null : value);

const csvLine = (row: readonly Cell[]): string => `${csvRow(row)}\n`;

function jsonLine(columns: readonly Column[], row: readonly Cell[], isFirst: boolean): string {
  const record = Object.fromEntries(columns.map((column, i) => [column.name, jsonCell(row[i] ?? null)]));
  return `${isFirst ? '' : ',\n'}${JSON.stringify(record)}`;
}

/**
 * Writes rows as they come, in chunks: CSV (a header line with the units in the names, then one
 * line per row) or JSON (`{"kind", "units": {column: unit}, "rows": [` one row object per line
 * `]}`). Nothing but the current chunk is held, whatever the number of rows.
 */
export async function* writeExport(
  format: ExportFormat,
  kind: string,
  columns: readonly Column[],
  rows: AsyncIterable<readonly Cell[]>,
): AsyncGenerator<string> {
  let chunk =
    format === 'csv'
      ? csvLine(columns.map((column) => column.name))
      : `{"kind":${JSON.stringify(kind)},"units":${JSON.stringify(Object.fromEntries(columns.map((c) => [c.name, c.unit])))},"rows":[\n`;
  let isFirst = true;
  for await (const row of rows) {
    chunk += format === 'csv' ? csvLine(row) : jsonLine(columns, row, isFirst);
    isFirst = false;
    if (chunk.length >= CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
  }
  yield format === 'csv' ? chunk : `${chunk}${isFirst ? '' : '\n'}]}\n`;
}
