import { expect, type Page, test } from '@playwright/test';
import { signIn } from './support/accounts';

/** The id of a seeded test, read from its link on /tests. */
async function testIdFromList(page: Page, name: string): Promise<string> {
  await page.goto('/tests');
  const href = await page.getByRole('link', { name, exact: true }).first().getAttribute('href');
  const id = href?.match(/\/(\d+)(\/|$)/)?.[1];
  if (!id) throw new Error(`no id in the link of ${name}: ${href}`);
  return id;
}

test('[RESULTS] a demo user opening a results page lands on the introduction and continues to the test', async ({
  page,
}) => {
  await signIn(page, 'demo@limbus.test');
  const id = await testIdFromList(page, 'Acme Running webshop (desktop)');
  await page.goto(`/test/${id}/overview`);
  await expect(page).toHaveURL(`/test/${id}/demo`);
  await expect(page.getByRole('heading', { name: 'Introduction to the product' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Acme Running webshop (desktop)' })).toBeVisible();
  const next = page.getByRole('link', { name: 'Continue to test' });
  await expect(next).toHaveAttribute('href', `/test/${id}/overview/`);
  // past the introduction the test's pages open (the overview screen itself comes later: 404 in the layout)
  await next.click();
  await expect(page).toHaveURL(`/test/${id}/overview/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Acme Running webshop (desktop)' })).toBeVisible();
});

test('[RESULTS] an Essential test locks the Tags page; Upgrade opens the support chat with a prefilled request', async ({
  page,
}) => {
  await signIn(page, 'client.admin@limbus.test');
  const id = await testIdFromList(page, 'Product page on mobile');
  await page.goto(`/test/${id}/tags`);
  await expect(page).toHaveURL(`/test/${id}/locked`);
  await expect(page.getByRole('heading', { name: 'Upgrade to Professional' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Preview report' })).toBeVisible();
  await page.getByRole('button', { name: 'Upgrade' }).click();
  const chat = page.getByRole('dialog', { name: 'Support chat' });
  await expect(chat).toBeVisible();
  await expect(chat.getByRole('textbox', { name: 'Message' })).toHaveValue(
    'I would like to upgrade the test “Product page on mobile” of Acme Retail to Professional.',
  );
});
