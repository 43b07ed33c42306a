import type { Browser, BrowserContext, Page } from 'playwright-core';

/**
 * A phone-sized page of a running product, signed in as a demo user (the session stored as the
 * app stores it), for the benches that load a screen in a real Chromium.
 */
export async function signedInPhonePage(
  browser: Browser,
  base: string,
  who: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await page.goto(`${base}/signup`);
  const answer = await page.request.post(`${base}/api/v1/tokens`, {
    data: { email: who, password: 'limbus-demo' },
  });
  const session = (await answer.json()) as { access_token: string; user: unknown };
  // scripts as text: they run in the page, which has neither this file's types nor tsx's helpers
  await page.evaluate(
    `localStorage.setItem('token', ${JSON.stringify(`Bearer ${session.access_token}`)});` +
      `localStorage.setItem('user', ${JSON.stringify(JSON.stringify(session.user))});`,
  );
  return { context, page };
}
