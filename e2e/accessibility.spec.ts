import { expect, test } from '@playwright/test';
import { signIn } from './support/accounts';
import { describeViolations, seriousViolations } from './support/axe';

// axe is injected as an inline script, which the product's Content-Security-Policy rightly forbids
test.use({ bypassCSP: true });

test('[ACCESSIBILITY] /signup has no critical or serious axe violations', async ({ page }) => {
  await page.goto('/signup');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Limbus' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Sign up' })).toBeVisible();
  const violations = await seriousViolations(page);
  expect(
    violations.map((violation) => violation.id),
    describeViolations(violations),
  ).toEqual([]);
});

test('[ACCESSIBILITY] /home has no critical or serious axe violations', async ({ page }) => {
  await signIn(page, 'client.admin@limbus.test');
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Claire' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Acme Retail' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Recent tests' }).getByRole('link').first()).toBeVisible();
  const violations = await seriousViolations(page);
  expect(
    violations.map((violation) => violation.id),
    describeViolations(violations),
  ).toEqual([]);
});

test('[ACCESSIBILITY] /admin/companies has no critical or serious axe violations', async ({ page }) => {
  await signIn(page, 'admin@limbus.test');
  await page.goto('/admin/companies');
  await expect(page.getByRole('heading', { level: 1, name: 'Companies' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Acme Retail' })).toBeVisible();
  const violations = await seriousViolations(page);
  expect(
    violations.map((violation) => violation.id),
    describeViolations(violations),
  ).toEqual([]);
});
