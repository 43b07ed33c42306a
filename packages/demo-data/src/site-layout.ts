/**
 * The captured layout of the demo site (`site-capture/<platform>/layout.json`): per page its
 * full height and the bounding boxes of its named regions, in page pixels (origin top left of
 * the page, not of the viewport). Written by `scripts/capture-site.ts`; read by the generators,
 * which never need a browser.
 */

export type Platform = 'desktop' | 'mobile';

export type LayoutRegion = {
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
  /** A link, button, form control or an element marked `data-clickable`. */
  clickable: boolean;
  /** Path the region links to, when it is a link (may point outside the demo site). */
  href?: string;
};

export type LayoutPage = {
  /** Short key, also the screenshot's file name: home, category, product, basket, checkout. */
  name: string;
  path: string;
  title: string;
  /** Absolute URL as a recorder would see it, e.g. https://shop.acme.test/shoes. */
  url: string;
  /** Full page height in pixels at the layout's viewport width. */
  height: number;
  /** Screenshot file name inside `site-capture/<platform>/`. */
  screenshot: string;
  regions: LayoutRegion[];
};

export type SiteLayout = {
  platform: Platform;
  viewport: { width: number; height: number };
  origin: string;
  pages: LayoutPage[];
};

export const SITE_ORIGIN = 'https://shop.acme.test';

/** The demo site's pages in journey order, with their short names. */
export const SITE_PAGES = [
  { name: 'home', path: '/' },
  { name: 'category', path: '/shoes' },
  { name: 'product', path: '/shoes/runner-2' },
  { name: 'basket', path: '/basket' },
  { name: 'checkout', path: '/checkout' },
] as const;

export type PageName = (typeof SITE_PAGES)[number]['name'];

export const VIEWPORTS: Record<Platform, { width: number; height: number }> = {
  desktop: { width: 1920, height: 1080 },
  mobile: { width: 390, height: 844 },
};

function fail(where: string, what: string): never {
  throw new Error(`Invalid site layout at ${where}: ${what}`);
}

function readNumber(value: unknown, where: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) fail(where, 'expected a finite number');
  return value;
}

function readString(value: unknown, where: string): string {
  if (typeof value !== 'string') fail(where, 'expected a string');
  return value;
}

function asRecord(value: unknown, where: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(where, 'expected an object');
  return value as Record<string, unknown>;
}

function asArray(value: unknown, where: string): unknown[] {
  if (!Array.isArray(value)) fail(where, 'expected an array');
  return value;
}

function parseRegion(value: unknown, where: string): LayoutRegion {
  const r = asRecord(value, where);
  const region: LayoutRegion = {
    name: readString(r.name, `${where}.name`),
    x: readNumber(r.x, `${where}.x`),
    y: readNumber(r.y, `${where}.y`),
    width: readNumber(r.width, `${where}.width`),
    height: readNumber(r.height, `${where}.height`),
    clickable: r.clickable === true,
  };
  if (r.href !== undefined) region.href = readString(r.href, `${where}.href`);
  if (region.width <= 0 || region.height <= 0) fail(where, 'region without area');
  return region;
}

function parsePage(value: unknown, where: string): LayoutPage {
  const p = asRecord(value, where);
  return {
    name: readString(p.name, `${where}.name`),
    path: readString(p.path, `${where}.path`),
    title: readString(p.title, `${where}.title`),
    url: readString(p.url, `${where}.url`),
    height: readNumber(p.height, `${where}.height`),
    screenshot: readString(p.screenshot, `${where}.screenshot`),
    regions: asArray(p.regions, `${where}.regions`).map((r, i) => parseRegion(r, `${where}.regions[${i}]`)),
  };
}

/** Validates a parsed layout.json (unknown JSON) and returns it typed. Throws on bad input. */
export function parseSiteLayout(json: unknown): SiteLayout {
  const root = asRecord(json, 'root');
  const platform = root.platform;
  if (platform !== 'desktop' && platform !== 'mobile') fail('platform', 'expected desktop or mobile');
  const viewport = asRecord(root.viewport, 'viewport');
  const pages = asArray(root.pages, 'pages').map((p, i) => parsePage(p, `pages[${i}]`));
  if (pages.length === 0) fail('pages', 'no pages');
  return {
    platform,
    viewport: {
      width: readNumber(viewport.width, 'viewport.width'),
      height: readNumber(viewport.height, 'viewport.height'),
    },
    origin: readString(root.origin, 'origin'),
    pages,
  };
}

/** The page with this short name; throws when the layout lacks it. */
export function findPage(layout: SiteLayout, name: string): LayoutPage {
  const page = layout.pages.find((p) => p.name === name);
  if (!page) throw new Error(`The layout has no page named ${name}`);
  return page;
}

/** The region with this name on the page, or undefined (mobile may hide some regions). */
export function findRegion(page: LayoutPage, name: string): LayoutRegion | undefined {
  return page.regions.find((r) => r.name === name);
}

export function isInsideRegion(region: LayoutRegion, x: number, y: number): boolean {
  return x >= region.x && x <= region.x + region.width && y >= region.y && y <= region.y + region.height;
}
