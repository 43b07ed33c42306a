import dayjs from 'dayjs';

/**
 * One date format and one money format for the whole app (docs/decisions/formats.md 'Formats'): dates as
 * '24 Nov 2026' (unambiguous in every locale, unlike 24/11/26 and 11/24/2026), money as '€2,500'.
 */

/** The dayjs tokens of the one date format, for date pickers that display a chosen date. */
export const DATE_FORMAT = 'D MMM YYYY';
const TIME_FORMAT = 'HH:mm';

/**
 * A number as en-GB writes it ('1,234.5'): rounded to at most `maxDecimals` decimals, trailing
 * zeros kept down to `minDecimals`, thousands grouped with commas. Written out instead of
 * Intl.NumberFormat: the page's first Intl object costs 40–90 ms of one task (V8 loads its locale
 * data), which a phone's first load paid four times over in Lighthouse's blocking time.
 */
export function formatNumber(value: number, maxDecimals = 0, minDecimals = 0): string {
  if (!Number.isFinite(value)) return String(value);
  const [whole = '', fraction = ''] = Math.abs(value).toFixed(maxDecimals).split('.');
  let decimals = fraction;
  while (decimals.length > minDecimals && decimals.endsWith('0')) decimals = decimals.slice(0, -1);
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const isNegative = value < 0 && /[1-9]/.test(whole + decimals);
  return `${isNegative ? '-' : ''}${grouped}${decimals ? `.${decimals}` : ''}`;
}

/**
 * A date: a calendar date (YYYY-MM-DD), a record time in unix seconds, or a Date; '' when missing,
 * invalid or 0 (never).
 */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '' || value === 0) return '';
  const date = typeof value === 'number' ? dayjs.unix(value) : dayjs(value);
  return date.isValid() ? date.format(DATE_FORMAT) : '';
}

/** A moment (a message, a heartbeat): '24 Nov 2026, 14:05'; '' like formatDate. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const date = formatDate(value);
  if (!date) return '';
  const moment = typeof value === 'number' ? dayjs.unix(value) : dayjs(value ?? undefined);
  return `${date}, ${moment.format(TIME_FORMAT)}`;
}

/** An amount in whole euros: '€2,500' (the spec's '+2500' and '900,-' are renderings of amounts). */
export function formatMoney(euros: number): string {
  const amount = formatNumber(euros);
  return amount.startsWith('-') ? `-€${amount.slice(1)}` : `€${amount}`;
}

/** A price added to an order: '+€2,500'. */
export function formatSurcharge(euros: number): string {
  return `+${formatMoney(euros)}`;
}

/**
 * How far a value lies from a mean, in words: 'Joy 33 % above this test's mean'. `index` is the
 * spec's page index (value ÷ mean × 100, rounded down), so 100 is the mean itself.
 */
export function formatIndexAgainstMean(index: number): string {
  const difference = index - 100;
  if (difference === 0) return 'at the mean';
  return `${formatPercent(Math.abs(difference) / 100)} ${difference > 0 ? 'above' : 'below'} the mean`;
}

const SIZE_UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'] as const;

/** A file's size in the largest unit that keeps it at 1 or more (1 KB = 1,024 bytes): '2.4 MB'. */
export function formatFileSize(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${formatNumber(unit === 0 ? Math.round(value) : value, 1)} ${SIZE_UNITS[unit]}`;
}

/** A duration in milliseconds as seconds with one decimal: 1420 → '1.4 s'. */
export function formatSeconds(ms: number): string {
  return `${formatNumber(ms / 1000, 1, 1)} s`;
}

export type PercentOptions = {
  /** Decimals shown, trailing zeros kept: 1 writes 0.45 as '45.0 %'. */
  decimals?: number;
  /**
   * 'down' for shares the spec rounds down (spec 3 §9: attention in a box), so that a box never
   * claims more than it holds. Shares summed in Float32 land just under a whole percent (an
   * exact 75 % as 74.9999…): a ten-thousandth of a percent is forgiven before flooring.
   */
  rounding?: 'nearest' | 'down';
  /** A change rather than a share: a rise is written with its plus, '+12 %'. */
  isSigned?: boolean;
};

/** The number of a percent, without its sign: 0.625 → '63'. */
function percentNumber(
  share: number,
  { decimals = 0, rounding = 'nearest', isSigned = false }: PercentOptions,
) {
  const factor = 10 ** decimals;
  const percent = rounding === 'down' ? Math.floor(share * 100 * factor + 1e-4) / factor : share * 100;
  const number = formatNumber(percent, decimals, decimals);
  return isSigned && percent > 0 && /[1-9]/.test(number) ? `+${number}` : number;
}

/**
 * The app's one way to write a percent: a share (0–1) or a change as a share of something, with a
 * space before the sign as the product's texts write it ('Joy 33 % above this test's mean'):
 * 0.625 → '63 %', 0.4531 with one decimal → '45.3 %', 0.12 signed → '+12 %'.
 */
export function formatPercent(share: number, options: PercentOptions = {}): string {
  return `${percentNumber(share, options)} %`;
}

/** Two shares as a range with one sign: 0.38 and 0.52 → '38–52 %'. */
export function formatPercentRange(lower: number, upper: number, options: PercentOptions = {}): string {
  return `${percentNumber(lower, options)}–${percentNumber(upper, options)} %`;
}

/** A participant's gender as the lab recorded it, with a capital ('male' → 'Male'); a dash when unknown. */
export function formatGender(gender: string | null): string {
  const text = gender?.trim() ?? '';
  return text === '' ? '–' : text.charAt(0).toUpperCase() + text.slice(1);
}

/** A count with thousands separators: 1234567 → '1,234,567'. */
export function formatCount(value: number): string {
  return formatNumber(value);
}

/** A month as 'YYYY-MM' (the AI budget's month) in words: '2026-11' → 'November 2026'. */
export function formatMonth(month: string): string {
  const date = dayjs(`${month}-01`);
  return date.isValid() ? date.format('MMMM YYYY') : month;
}

/** A number with one decimal: 0.5 → '0.5'. */
export function formatOneDecimal(value: number): string {
  return formatNumber(value, 1, 1);
}
