// The one CSV writer of the product (server exports and the web's own tables): RFC 4180 quoting,
// and text a spreadsheet would run as a formula written as text.

export type CsvCell = string | number | boolean | null;

/**
 * A text cell starting with one of these is a formula to Excel, LibreOffice and Google Sheets
 * (OWASP's CSV injection rule); a quote in front makes it text. Numbers are never defused: -3
 * stays a number.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: empty for null and for numbers that are not finite, quoted when needed. */
export function csvCell(value: CsvCell): string {
  if (value === null || (typeof value === 'number' && !Number.isFinite(value))) return '';
  const text = typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One line of cells, without its line end. */
export const csvRow = (cells: readonly CsvCell[]): string => cells.map(csvCell).join(',');
