import { expect, test } from '@playwright/test';
import {
  activateFromMail,
  DEMO_PASSWORD,
  newAccount,
  signInForm,
  signUp,
  submitSignIn,
} from './support/accounts';
import { MESSAGES } from './support/messages';
import { linkFromLatestMail } from './support/outbox';

test('[ACCOUNTS] sign up, activate from the mail, sign in on the activation page and land on /demo', async ({
  page,
}) => {
  const account = newAccount('signup');
  await signUp(page, account);
  await expect(page.getByText(MESSAGES.signupSent)).toBeVisible();

  await activateFromMail(page, account.email);
  await submitSignIn(page, account.email, account.password);

  // signed-up users are Demo Users: after activation, sign-in goes to /demo
  await expect(page).toHaveURL(/\/demo$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${account.firstName}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Learn' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Start' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByText('Demo User · Demo')).toBeVisible();
});

test('[ACCOUNTS] forgot password: mail link, new password works, the old one is refused', async ({
  page,
}) => {
  const account = newAccount('reset');
  await signUp(page, account);
  await activateFromMail(page, account.email);

  await page.goto('/signup');
  await signInForm(page).getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  // the sign-in page's forms stay until the lazy page is there (its URL comes first)
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
  const requested = Date.now();
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(MESSAGES.resetSent)).toBeVisible();

  const link = await linkFromLatestMail(account.email, requested);
  expect(new URL(link).pathname).toBe('/new-password');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  const newPassword = 'difference-engine-1822';
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Re-enter password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/signup$/);

  // the old password no longer works
  await submitSignIn(page, account.email, account.password);
  await expect(signInForm(page).getByText(MESSAGES.invalidCredentials)).toBeVisible();
  await expect(signInForm(page).getByLabel('Password', { exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expect(page).toHaveURL(/\/signup$/);

  // the new one does
  await submitSignIn(page, account.email, newPassword);
  await expect(page).toHaveURL(/\/demo$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${account.firstName}` })).toBeVisible();
});

test('[ACCOUNTS] a company whose contract ended cannot sign in and is told why', async ({ page }) => {
  await page.goto('/signup');
  await submitSignIn(page, 'expired.admin@limbus.test', DEMO_PASSWORD);

  const form = signInForm(page);
  const notice = form.getByRole('alert');
  await expect(notice).toHaveText(MESSAGES.noActiveContract);
  // the message sits under the Sign in heading and on the e-mail field
  const headingBox = await form.getByRole('heading', { name: 'Sign in' }).boundingBox();
  const noticeBox = await notice.boundingBox();
  expect(noticeBox?.y).toBeGreaterThan((headingBox?.y ?? 0) + (headingBox?.height ?? 0) - 1);
  await expect(form.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/signup$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});
