/** Calendar dates as the server counts them (UTC, YYYY-MM-DD) and as the app shows them. */

export const todayIso = () => new Date().toISOString().slice(0, 10);

/** Adds calendar months; a day the target month lacks becomes its last day (spec 1 §4). */
export function addMonths(isoDate: string, months: number): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** YYYY-MM-DD as the app shows every date: '5 Jun 2025' (docs/decisions/formats.md 'Formats'). */
export function shownDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return `${day} ${MONTHS[month - 1]} ${year}`;
}

/** The same month with another day, as YYYY-MM-DD. */
export const withDay = (isoDate: string, day: number) =>
  `${isoDate.slice(0, 8)}${String(day).padStart(2, '0')}`;

/** The label of a day in the date picker's calendar ("1 June 2025"). */
export function calendarDayLabel(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  const month = date.toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' });
  return `${date.getUTCDate()} ${month} ${date.getUTCFullYear()}`;
}
