import { HEATMAP_SCREENSHOT_WIDTHS, type HeatmapPage } from '@limbus/contract';

/** A copy must have this many pixels per pixel shown at least, so that the page's text stays sharp. */
const SHARPNESS = 1.25;

/**
 * The screenshot's address for the device px it may be shown at (the viewport's width: it is
 * never wider, and known before anything is laid out, so the image is asked for at once): the
 * smallest copy the server makes (HEATMAP_SCREENSHOT_WIDTHS) sharp enough for it, else the
 * screenshot itself.
 */
export function shownSource(url: string, stored: { width: number } | null, shownWidth: number): string {
  if (!stored) return url;
  const width = HEATMAP_SCREENSHOT_WIDTHS.find(
    (candidate) => shownWidth > 0 && candidate >= shownWidth * SHARPNESS && candidate < stored.width,
  );
  return width === undefined ? url : `${url}${url.includes('?') ? '&' : '?'}width=${width}`;
}

/** The viewport's width in device px: the screenshot is never shown wider. */
export const viewportDeviceWidth = () => window.innerWidth * (window.devicePixelRatio || 1);

/** The screenshot the viewer shows of a heatmap page, at the address it asks for it. */
export const pageScreenshotSource = (page: HeatmapPage) =>
  page.screenshot
    ? shownSource(
        page.screenshot,
        page.screenshot_width ? { width: page.screenshot_width } : null,
        viewportDeviceWidth(),
      )
    : null;

/**
 * Asks for the screenshot the heatmaps screen shows first (the test's first heatmap page) while
 * the screen's code still loads: the browser keeps it (cache-control) for the image the viewer
 * then shows, the largest element of the screen.
 */
export function preloadFirstScreenshot(pages: readonly HeatmapPage[]): void {
  const first = pages[0];
  const source = first ? pageScreenshotSource(first) : null;
  if (!source) return;
  const image = new Image();
  image.fetchPriority = 'high';
  image.src = source;
}
