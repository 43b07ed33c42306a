import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatFileSize,
  formatIndexAgainstMean,
  formatMoney,
  formatNumber,
  formatPercent,
  formatPercentRange,
  formatSurcharge,
} from './format';

describe('formats', () => {
  it('writes every kind of date one way', () => {
    expect(formatDate('2026-11-24')).toBe('24 Nov 2026');
    expect(formatDate(Date.UTC(2026, 10, 24, 12) / 1000)).toBe('24 Nov 2026');
    expect(formatDate(new Date(2026, 0, 5))).toBe('5 Jan 2026');
    expect(formatDate(0)).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatDate(null)).toBe('');
  });

  it('writes a moment as the date and the time of day', () => {
    expect(formatDateTime(new Date(2026, 10, 24, 14, 5))).toBe('24 Nov 2026, 14:05');
    expect(formatDateTime(new Date(2026, 10, 24, 9, 7).getTime() / 1000)).toBe('24 Nov 2026, 09:07');
    expect(formatDateTime(0)).toBe('');
  });

  it('writes money in euros with thousands separators', () => {
    expect(formatMoney(2500)).toBe('€2,500');
    expect(formatMoney(900)).toBe('€900');
    expect(formatSurcharge(2500)).toBe('+€2,500');
  });

  it('says how far an index lies from the mean', () => {
    expect(formatIndexAgainstMean(133)).toBe('33 % above the mean');
    expect(formatIndexAgainstMean(80)).toBe('20 % below the mean');
    expect(formatIndexAgainstMean(100)).toBe('at the mean');
  });
});

describe('formatFileSize', () => {
  it('shows bytes, then KB, MB and GB of 1,024', () => {
    expect(formatFileSize(0)).toBe('0 bytes');
    expect(formatFileSize(980)).toBe('980 bytes');
    expect(formatFileSize(2048)).toBe('2 KB');
    expect(formatFileSize(2.46 * 1024 * 1024)).toBe('2.5 MB');
    expect(formatFileSize(3 * 1024 ** 3)).toBe('3 GB');
  });
});

describe('formatPercent', () => {
  it('writes a share as a rounded whole percent with a space before the sign', () => {
    expect(formatPercent(0.625)).toBe('63 %');
    expect(formatPercent(0.934)).toBe('93 %');
    expect(formatPercent(0)).toBe('0 %');
    expect(formatPercent(1)).toBe('100 %');
    expect(formatPercent(12.345)).toBe('1,235 %');
  });

  it('keeps a set number of decimals', () => {
    expect(formatPercent(0.4531, { decimals: 1 })).toBe('45.3 %');
    expect(formatPercent(0.45, { decimals: 1 })).toBe('45.0 %');
  });

  it('rounds down where the spec says so, forgiving what Float32 sums lose', () => {
    expect(formatPercent(0.129, { rounding: 'down' })).toBe('12 %');
    expect(formatPercent(0.29, { rounding: 'down' })).toBe('29 %');
    expect(formatPercent(0.7499999, { rounding: 'down' })).toBe('75 %');
    expect(formatPercent(0.7499, { rounding: 'down' })).toBe('74 %');
    expect(formatPercent(1, { rounding: 'down' })).toBe('100 %');
    expect(formatPercent(0.4567, { rounding: 'down', decimals: 1 })).toBe('45.6 %');
  });

  it('writes a change with its sign', () => {
    expect(formatPercent(0.12, { isSigned: true })).toBe('+12 %');
    expect(formatPercent(-0.05, { isSigned: true })).toBe('-5 %');
    expect(formatPercent(0, { isSigned: true })).toBe('0 %');
    expect(formatPercent(0.001, { isSigned: true })).toBe('0 %');
  });

  it('writes a range with one sign', () => {
    expect(formatPercentRange(0.381, 0.518)).toBe('38–52 %');
    expect(formatPercentRange(0.05, 0.3)).toBe('5–30 %');
  });
});

describe('formatNumber', () => {
  it('writes numbers as en-GB does: grouped thousands, rounded decimals, trailing zeros to a minimum', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(1234.56, 1)).toBe('1,234.6');
    expect(formatNumber(2, 1)).toBe('2');
    expect(formatNumber(2, 1, 1)).toBe('2.0');
    expect(formatNumber(0.125, 2, 2)).toBe('0.13');
    expect(formatNumber(-1234.4)).toBe('-1,234');
    expect(formatNumber(-0.4)).toBe('0');
    expect(formatMoney(-2500)).toBe('-€2,500');
  });

  it('agrees with Intl.NumberFormat en-GB on random values', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    for (const [max, min] of [
      [0, 0],
      [1, 0],
      [1, 1],
      [2, 2],
    ] as const) {
      const intl = new Intl.NumberFormat('en-GB', { maximumFractionDigits: max, minimumFractionDigits: min });
      for (let i = 0; i < 2000; i++) {
        const value = (random() - 0.3) * 10 ** Math.floor(random() * 9);
        // Intl writes a negative that rounds to zero as '-0'; a count of nothing has no sign
        expect(formatNumber(value, max, min), `${value}`).toBe(
          intl.format(value).replace(/^-(0(\.0+)?)$/, '$1'),
        );
      }
    }
  });
});
