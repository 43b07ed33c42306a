import type { HeatmapPage } from '@limbus/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadFirstScreenshot, shownSource } from './screenshot-source';

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

/** Images asked for: a stand-in for the browser's Image, which keeps the address it is given. */
function recordImages() {
  const sources: string[] = [];
  vi.stubGlobal(
    'Image',
    class {
      fetchPriority = 'auto';
      set src(value: string) {
        sources.push(value);
      }
    },
  );
  return sources;
}

const page = (overrides: Partial<HeatmapPage>): HeatmapPage => ({
  id: 1,
  test_id: 7,
  name: 'Home',
  url: 'https://shop.test/',
  match_type: 'exact',
  screenshot: URL,
  screenshot_width: 1920,
  screenshot_height: 2210,
  capture: null,
  created_at: 0,
  updated_at: 0,
  ...overrides,
});

describe('preloadFirstScreenshot', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the first page’s screenshot as the viewer will show it, and nothing without one', () => {
    const sources = recordImages();
    vi.stubGlobal('innerWidth', 412);
    vi.stubGlobal('devicePixelRatio', 1.75);
    preloadFirstScreenshot([page({}), page({ id: 2, screenshot: `${URL}2` })]);
    expect(sources).toEqual([`${URL}&width=960`]);
    preloadFirstScreenshot([page({ screenshot: null, screenshot_width: null })]);
    preloadFirstScreenshot([]);
    expect(sources).toHaveLength(1);
  });
});
