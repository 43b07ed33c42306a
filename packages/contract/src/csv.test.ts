import { describe, expect, it } from 'vitest';
import { csvCell, csvRow } from './csv.js';

describe('csvCell', () => {
  it('writes text a spreadsheet would run as a formula as text (= + - @, tab, carriage return)', () => {
    expect(csvCell('=HYPERLINK("http://evil.test/","Open")')).toBe(
      `"'=HYPERLINK(""http://evil.test/"",""Open"")"`,
    );
    expect(csvCell('@SUM(1+1)')).toBe("'@SUM(1+1)");
    expect(csvCell('+1+1')).toBe("'+1+1");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('\rcmd')).toBe(`"'\rcmd"`);
  });

  it('keeps numbers, negative ones too, and plain text as they are', () => {
    expect(csvCell(-3.5)).toBe('-3.5');
    expect(csvCell(0)).toBe('0');
    expect(csvCell(false)).toBe('false');
    expect(csvCell('Home page')).toBe('Home page');
    expect(csvCell('a = b')).toBe('a = b');
  });

  it('quotes commas, quotes and line breaks, and leaves null and non-finite numbers empty', () => {
    expect(csvRow(['a,b', 'say "hi"', 'two\nlines', null, Number.NaN, Infinity])).toBe(
      '"a,b","say ""hi""","two\nlines",,,',
    );
  });
});
