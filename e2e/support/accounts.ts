import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';
import { linkFromLatestMail } from './outbox';

/** The password of every seeded demo account (apps/server/src/demo/demo-data.ts). */
export const DEMO_PASSWORD = 'limbus-demo';

/** A fresh address per call, so that every test (and every run) works on its own account. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@e2e.test`;
}

/** The Sign in form of /signup or /activate. */
export const signInForm = (page: Page) => page.getByRole('form', { name: 'Sign in' });

/** Fills and sends the Sign in form on the current page. */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  const form = signInForm(page);
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in from /signup and waits until the app has landed on the user's start page. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/signup');
  await submitSignIn(page, email, password);
  await expect(page).toHaveURL(/\/(home|demo)$/);
}

/**
 * Playwright's `test` with `signedInAs(email)`: a page in a browser context of its own, signed in,
 * for tests that need two users at once. The contexts close when the test ends, passed or not:
 * left open, their pages (videos, charts) kept working in the browser through the later journeys.
 */
export const test = base.extend<{ signedInAs: (email: string) => Promise<Page> }>({
  signedInAs: async ({ browser, bypassCSP }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (email) => {
      // as the test's own page: a journey that runs axe (test.use({ bypassCSP: true })) runs it here too
      const context = await browser.newContext({ bypassCSP });
      contexts.push(context);
      const page = await context.newPage();
      await signIn(page, email);
      return page;
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
});

export type NewAccount = { firstName: string; lastName: string; email: string; password: string };

/** A new account's details with a unique e-mail. */
export function newAccount(prefix: string): NewAccount {
  return { firstName: 'Ada', lastName: 'Lovelace', email: uniqueEmail(prefix), password: 'analytical-1843' };
}

/** Sends the Sign up form of /signup and waits for the validation-sent message. */
export async function signUp(page: Page, account: NewAccount): Promise<void> {
  await page.goto('/signup');
  const form = page.getByRole('form', { name: 'Sign up' });
  await form.getByLabel('First name').fill(account.firstName);
  await form.getByLabel('Last name').fill(account.lastName);
  await form.getByLabel('E-mail').fill(account.email);
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await form.getByLabel('Re-enter password', { exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
}

/** Opens the activation link mailed to `email` and waits for the activated message. */
export async function activateFromMail(page: Page, email: string): Promise<void> {
  const link = await linkFromLatestMail(email);
  expect(new URL(link).pathname).toBe('/activate');
  await page.goto(link);
  await expect(page.getByText("You've now activated your account, go ahead and sign in")).toBeVisible();
}
