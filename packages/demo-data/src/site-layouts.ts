import { fileURLToPath } from 'node:url';
import desktopJson from '../site-capture/desktop/layout.json' with { type: 'json' };
import mobileJson from '../site-capture/mobile/layout.json' with { type: 'json' };
import { type Platform, parseSiteLayout, type SiteLayout } from './site-layout.js';

const cache: Partial<Record<Platform, SiteLayout>> = {};

/**
 * The captured layout of the bundled Acme Running demo site for a platform (desktop 1920×1080,
 * mobile 390×844). Screenshots are beside it: `site-capture/<platform>/<page.screenshot>`.
 */
export function siteLayout(platform: Platform): SiteLayout {
  let layout = cache[platform];
  if (!layout) {
    layout = parseSiteLayout(platform === 'desktop' ? desktopJson : mobileJson);
    cache[platform] = layout;
  }
  return layout;
}

/** Where the captured full-page screenshot of a page lies (a PNG beside layout.json). */
export function siteScreenshotPath(platform: Platform, screenshot: string): string {
  return fileURLToPath(new URL(`../site-capture/${platform}/${screenshot}`, import.meta.url));
}
