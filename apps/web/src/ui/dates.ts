/** Time as the spec shows it; dates and money are in format.ts. */

import { formatClock } from '@limbus/contract';

/** The clock helper lives in the contract: the server's finding texts show video times as the screens do. */
export { formatClock };

/** Durations as the spec shows them: mm:ss (minutes not capped at 59). */
export function formatMinutesSeconds(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return '–';
  return formatClock(ms / 1000, { padMinutes: true });
}
