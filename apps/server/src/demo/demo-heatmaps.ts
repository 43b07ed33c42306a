import fs from 'node:fs/promises';
import {
  demoPageLabel,
  type LayoutPage,
  type Platform,
  siteLayout,
  siteScreenshotPath,
} from '@limbus/demo-data';
import type { JobDeps } from '../jobs/job-runner.js';
import { screenshotValues, storeScreenshot } from '../modules/heatmaps/heatmap-screenshots.js';
import { insertHeatmapRow } from '../modules/heatmaps/heatmaps.service.js';
import { storeScreenshotVariants } from '../modules/heatmaps/screenshot-variants.js';

/**
 * A heatmap page per page of the demo shop, with the shop's captured full-page screenshot (the
 * capture script's Chromium at 1920×1080, or 390 wide for mobile), stored the way an upload is:
 * checked by its bytes and put in the file store. Exact URL matches, like the page titles.
 */
export async function seedDemoHeatmaps(
  deps: Pick<JobDeps, 'db' | 'files' | 'log'>,
  testId: number,
  platform: Platform,
): Promise<DemoHeatmapPage[]> {
  const made: DemoHeatmapPage[] = [];
  for (const page of siteLayout(platform).pages) {
    const bytes = await fs.readFile(siteScreenshotPath(platform, page.screenshot));
    const stored = await storeScreenshot(deps, testId, bytes);
    await storeScreenshotVariants(deps, testId, stored.name, bytes);
    const row = await insertHeatmapRow(deps.db, testId, {
      name: demoPageLabel(page),
      url: page.url,
      matchType: 'exact',
      ...screenshotValues(stored),
    });
    made.push({ heatmapId: row.id, page, screenshot: bytes });
  }
  return made;
}

/** A heatmap page the seed made, with the shop's page it shows and that page's screenshot. */
export type DemoHeatmapPage = { heatmapId: number; page: LayoutPage; screenshot: Buffer };
