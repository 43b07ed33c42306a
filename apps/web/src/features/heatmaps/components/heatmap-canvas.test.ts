import { describe, expect, it } from 'vitest';
import { shownSource } from './heatmap-canvas';

const URL = '/api/v1/tests/7/heatmap_screenshots/a.png?expires=1&signature=s';

describe('shownSource', () => {
  it('asks a phone for the smallest copy sharp enough, and a wide screen for the screenshot itself', () => {
    expect(shownSource(URL, { width: 1920 }, 412 * 1.75)).toBe(`${URL}&width=960`);
    expect(shownSource(URL, { width: 1920 }, 384)).toBe(`${URL}&width=480`);
    expect(shownSource(URL, { width: 1920 }, 1280)).toBe(URL);
    expect(shownSource(URL, { width: 900 }, 768)).toBe(URL); // no copy narrower than the screenshot
  });

  it('shows the screenshot itself when its size is not stored (its own size is then read from it)', () => {
    expect(shownSource(URL, null, 400)).toBe(URL);
    expect(shownSource(URL, { width: 1920 }, 0)).toBe(URL); // not measurable
  });
});
