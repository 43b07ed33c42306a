import { expect, type Locator, type Page } from '@playwright/test';

/** The laptop screens on which a results screen's evidence must be seen at once (issue 26). */
export const LAPTOP_SCREENS = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
] as const;
/** A phone (a Pixel's 412×823 CSS pixels): the evidence is stacked, nothing wider than the screen. */
export const PHONE_SCREEN = { width: 412, height: 823 } as const;

/**
 * Scrolls the top of the evidence (the video, or the card that holds it) to the window's top, as a
 * reader does below the screen's header, and expects every part wholly inside the window: the
 * evidence is on one screen (soft: one run names every part that is not).
 */
export async function expectOnOneScreen(page: Page, parts: Record<string, Locator>) {
  await page.getByTestId('evidence').evaluate((element) => element.scrollIntoView({ block: 'start' }));
  const view = await page.evaluate(() => ({ width: innerWidth, height: innerHeight }));
  for (const [name, part] of Object.entries(parts)) {
    const box = await part.boundingBox();
    expect(box, `${name} is not on the page`).not.toBeNull();
    if (!box) continue;
    const where = `${name} at ${Math.round(box.y)}–${Math.round(box.y + box.height)} px in a ${view.width}×${view.height} window`;
    expect.soft(box.y, where).toBeGreaterThanOrEqual(-1);
    expect.soft(box.y + box.height, where).toBeLessThanOrEqual(view.height + 1);
    expect.soft(box.x + box.width, where).toBeLessThanOrEqual(view.width + 1);
  }
}

/** On a phone: nothing scrolls sideways, and the parts follow each other down the screen, each within its width. */
export async function expectStackedOnAPhone(page: Page, parts: Locator[]) {
  // polled: just after the window narrows, the shell's sidebar is still sliding away
  await expect
    .poll(
      () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      {
        message: 'the page scrolls sideways',
      },
    )
    .toBeLessThanOrEqual(0);
  const clientWidth = await page.evaluate(() => document.documentElement.clientWidth);
  let bottom = Number.NEGATIVE_INFINITY;
  for (const part of parts) {
    const box = await part.boundingBox();
    expect(box).not.toBeNull();
    if (!box) continue;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(clientWidth);
    expect(box.y).toBeGreaterThanOrEqual(bottom - 1);
    bottom = box.y + box.height;
  }
}
