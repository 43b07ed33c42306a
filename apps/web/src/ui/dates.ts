import type { DATE_FORMATS } from '@limbus/contract';
import dayjs from 'dayjs';

type DateFormat = (typeof DATE_FORMATS)[keyof typeof DATE_FORMATS];

/** A calendar date (YYYY-MM-DD) in one of the spec's formats; '' when missing or invalid. */
export function formatCalendarDate(value: string | null | undefined, format: DateFormat): string {
  if (!value) return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(format) : '';
}

/** A record time in unix seconds; '' for 0 (never). */
export function formatUnixDate(seconds: number | null | undefined, format: DateFormat): string {
  if (!seconds) return '';
  return dayjs.unix(seconds).format(format);
}

/** A clock time of whole seconds as m:ss, or mm:ss with `padMinutes` (minutes not capped at 59). */
export function formatClock(totalSeconds: number, { padMinutes = false } = {}): string {
  const seconds = Math.floor(totalSeconds);
  const minutes = String(Math.floor(seconds / 60));
  return `${padMinutes ? minutes.padStart(2, '0') : minutes}:${String(seconds % 60).padStart(2, '0')}`;
}
