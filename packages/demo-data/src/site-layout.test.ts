import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findPage, parseSiteLayout, SITE_ORIGIN, SITE_PAGES, VIEWPORTS } from './site-layout.js';
import { siteLayout } from './site-layouts.js';

const captureDir = fileURLToPath(new URL('../site-capture/', import.meta.url));

describe.each(['desktop', 'mobile'] as const)('bundled %s layout', (platform) => {
  const layout = siteLayout(platform);

  it('has the five pages in journey order at the platform viewport', () => {
    expect(layout.viewport).toEqual(VIEWPORTS[platform]);
    expect(layout.pages.map((p) => [p.name, p.path])).toEqual(SITE_PAGES.map((p) => [p.name, p.path]));
    for (const page of layout.pages) expect(page.url).toBe(`${SITE_ORIGIN}${page.path}`);
  });

  it('has pages taller than the viewport, with unique named regions inside the page', () => {
    for (const page of layout.pages) {
      expect(page.height).toBeGreaterThan(layout.viewport.height + 300);
      const names = page.regions.map((r) => r.name);
      expect(new Set(names).size).toBe(names.length);
      for (const r of page.regions) {
        expect(r.x).toBeGreaterThanOrEqual(0);
        expect(r.y).toBeGreaterThanOrEqual(0);
        expect(r.x + r.width).toBeLessThanOrEqual(layout.viewport.width);
        expect(r.y + r.height).toBeLessThanOrEqual(page.height);
      }
    }
  });

  it('has the regions the journey uses, with links between the pages', () => {
    const product = findPage(layout, 'product');
    const clickable = (name: string) => product.regions.find((r) => r.name === name)?.clickable;
    expect(clickable('Size selector')).toBe(true);
    expect(clickable('Add to basket button')).toBe(true);
    expect(clickable('Size guide link')).toBe(true);
    expect(clickable('Product description')).toBe(false);
    expect(findPage(layout, 'basket').regions.find((r) => r.name === 'Checkout button')?.href).toBe(
      '/checkout',
    );
    expect(findPage(layout, 'category').regions.find((r) => r.name === 'Product card Runner 2')?.href).toBe(
      '/shoes/runner-2',
    );
  });

  it('has a screenshot under 300 KB per page', () => {
    for (const page of layout.pages) {
      const { size } = statSync(`${captureDir}${platform}/${page.screenshot}`);
      expect(size).toBeLessThan(300 * 1024);
    }
  });
});

describe('parseSiteLayout', () => {
  it('rejects malformed layouts with the place of the problem', () => {
    const good = siteLayout('desktop');
    expect(parseSiteLayout(JSON.parse(JSON.stringify(good)))).toEqual(good);
    expect(() => parseSiteLayout(null)).toThrow(/root/);
    expect(() => parseSiteLayout({ ...good, platform: 'tv' })).toThrow(/platform/);
    expect(() => parseSiteLayout({ ...good, pages: [] })).toThrow(/pages/);
    const broken = JSON.parse(JSON.stringify(good));
    broken.pages[1].regions[2].width = 'wide';
    expect(() => parseSiteLayout(broken)).toThrow(/pages\[1\]\.regions\[2\]\.width/);
  });
});
