import { expect, test } from '@playwright/test';
import { signIn } from './support/accounts';
import { testIdFromList } from './support/tests';

test('[RESULTS] a client admin follows the journey to a page’s insights and reads the benchmark', async ({
  page,
}) => {
  await signIn(page, 'client.admin@limbus.test');
  const id = await testIdFromList(page, 'Acme Running webshop (desktop)');
  await page.goto(`/test/${id}/overview`);

  const nav = page.getByRole('navigation', { name: 'Test results' });
  await nav.getByRole('link', { name: 'Journey' }).click();
  await expect(page).toHaveURL(new RegExp(`/test/${id}/journey$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Journey' })).toBeVisible();
  // the lab's 12 and the remote cohort's 40: the results have no cohort filter yet
  await expect(page.getByText(/^52 participants, \d+ pages visited$/)).toBeVisible();
  const chart = page.getByRole('img', { name: /Journey of 52 participants/ });
  await expect(chart).toBeVisible();
  await chart.locator('g[data-page] rect').first().click();
  await expect(page).toHaveURL(new RegExp(`/test/${id}/page-insights\\?page=\\d+`));
  await page.goBack();
  await expect(chart).toBeVisible();
  await page.getByText('Joy', { exact: true }).click();
  await expect(page.getByRole('columnheader', { name: 'Mean joy' })).toBeVisible();

  const pages = page.getByRole('table');
  const firstPage = pages.getByRole('link').first();
  const name = (await firstPage.textContent()) ?? '';
  await firstPage.click();
  await expect(page).toHaveURL(new RegExp(`/test/${id}/page-insights\\?page=\\d+`));
  await expect(page.getByRole('heading', { name: 'Pages', level: 2 })).toBeVisible();
  expect(name).not.toBe('');

  await page.goto(`/test/${id}/overview`);
  await nav.getByRole('link', { name: 'Benchmark' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Benchmark' })).toBeVisible();
  const company = page.getByRole('region', { name: "Against your company's other tests" });
  await expect(company.getByText(/Your company has 1 other done test; .* 4 more are needed\./)).toBeVisible();
  // issue 26: Globex's and Initech's webshop tests complete the category's five
  const category = page.getByRole('region', { name: 'Against E-commerce tests of all companies' });
  await expect(category.getByText(/more are needed/)).toHaveCount(0);
  await expect(category.getByText(/of those 5 tests/)).toBeVisible();
});

test('[RESULTS] an Essential test shows the journey and the benchmark locked', async ({ page }) => {
  await signIn(page, 'client.admin@limbus.test');
  const id = await testIdFromList(page, 'Acme Running webshop (mobile)');
  await page.goto(`/test/${id}/journey`);
  await expect(page).toHaveURL(new RegExp(`/test/${id}/locked$`));
  await page.goto(`/test/${id}/benchmark`);
  await expect(page).toHaveURL(new RegExp(`/test/${id}/locked$`));
});
