import type { Page } from '@playwright/test';

/** The id of a seeded test, read from its link on /tests (as a user who sees it). */
export async function testIdFromList(page: Page, name: string): Promise<string> {
  await page.goto('/tests');
  const href = await page.getByRole('link', { name, exact: true }).first().getAttribute('href');
  const id = href?.match(/\/(\d+)(\/|$)/)?.[1];
  if (!id) throw new Error(`no id in the link of ${name}: ${href}`);
  return id;
}
