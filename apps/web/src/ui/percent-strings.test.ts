// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the samples are lines of source code, not templates
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatPercent } from './format';

/**
 * Issue 26, 'Units': a percent was '43 %' in one place and '43%' in another. Every percent people
 * read goes through formatPercent (ui/format.ts); this scan fails on one written by hand. A CSS
 * length is allowed on a line that names a CSS property, or 'css' (cssShare, cssPercent), since a
 * CSS percent has no space and is never read.
 */
const SRC = join(import.meta.dirname, '..');
const HELPER = join(SRC, 'ui', 'format.ts');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && path !== HELPER ? [path] : [];
  });
}

const CSS_LINE =
  /\b(left|right|top|bottom|width|height|inset|radius|size|position|translate|calc|rgba|gradient|css)|\b[whm][a-z]?=\{/i;

/** The hand-made percents of a line of code, as the scan reports them. */
export function handMadePercents(line: string): string[] {
  const code = line.replace(/^\s*(\/\/|\*|\/\*).*$/, '');
  const found = [
    // a number then ' %' or '%' in a template or in JSX text: `${share} %`, {value}%, {n} %
    ...code.matchAll(/\$?\{[^{}]*\}[ \u00a0]?%(?![a-z0-9(])/gi),
    // a number joined to a percent sign: x + '%', x + ' %'
    ...code.matchAll(/\+\s*(['"`])[ \u00a0]?%\1/g),
    // a number rounded by hand and followed by a percent sign in text: 43% or 43 %
    ...code.matchAll(/toFixed\(\d\)\)?\}?[ \u00a0]?%/g),
  ].map((match) => match[0]);
  if (found.length === 0) return [];
  // A CSS length ('${x}%', no space) on a line about layout is not read by people.
  return CSS_LINE.test(code) ? found.filter((text) => /[ \u00a0]%$/.test(text) && !/\$\{/.test(text)) : found;
}

describe('percents (issue 26, one percent helper)', () => {
  it('finds the hand-made forms and lets CSS lengths through', () => {
    expect(handMadePercents('label={`${Math.round(share * 100)}%`}')).not.toEqual([]);
    expect(handMadePercents('<Text>{value} %</Text>')).not.toEqual([]);
    expect(handMadePercents("const text = value + '%';")).not.toEqual([]);
    expect(handMadePercents('aria-label={`Joy ${score.toFixed(0)} %`}')).not.toEqual([]);
    expect(handMadePercents('left: `${(rect.left / width) * 100}%`,')).toEqual([]);
    expect(handMadePercents('const cssShare = (ms: number) => `${ms / 10}%`;')).toEqual([]);
    expect(handMadePercents('// 95 % of the time')).toEqual([]);
    expect(handMadePercents('{formatPercent(share)}')).toEqual([]);
    expect(formatPercent(0.43)).toBe('43 %');
  });

  it('no screen writes a percent by hand: every one goes through formatPercent', () => {
    const offenders = sourceFiles(SRC).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          handMadePercents(line).map((text) => `${relative(SRC, file)}:${index + 1}: ${text}`),
        ),
    );
    expect(offenders).toEqual([]);
  });
});
