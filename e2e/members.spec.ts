import { expect, test } from '@playwright/test';
import { signIn, signInForm, submitSignIn, uniqueEmail } from './support/accounts';
import { linkFromLatestMail } from './support/outbox';

test('[MEMBERS] a company admin invites a member, who verifies and then sees members read-only', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('member');
  const firstName = 'Grace';
  const lastName = `Hopper${Date.now()}`;
  const password = 'compiler-1952';

  await signIn(page, 'client.admin@limbus.test');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Members' }).click();
  await expect(page.getByRole('heading', { name: 'Members' })).toBeVisible();
  await page.getByRole('link', { name: 'Add a new member' }).click();
  await expect(page).toHaveURL(/\/add-member$/);

  const form = page.getByRole('form', { name: 'Add a new member' });
  await form.getByLabel('E-mail').fill(email);
  await form.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Member', exact: true }).click();
  await expect(form.getByRole('combobox', { name: 'Role' })).toHaveValue('Member');
  await form.getByRole('button', { name: 'Add member' }).click();

  await expect(page).toHaveURL(/\/members\/?$/);
  const invited = page.getByRole('row').filter({ hasText: email });
  await expect(invited).toBeVisible();
  await expect(invited.getByRole('cell', { name: 'Member', exact: true })).toBeVisible();
  await expect(invited.getByText('Invitation pending')).toBeVisible();

  // the invitation is opened by the new member, in a browser of their own
  const link = await linkFromLatestMail(email);
  expect(new URL(link).pathname).toBe('/verify');
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await member.goto(link);
  await expect(member.getByRole('heading', { name: 'Set up your account' })).toBeVisible();
  await member.getByLabel('First name').fill(firstName);
  await member.getByLabel('Last name').fill(lastName);
  await member.getByLabel('Password', { exact: true }).fill(password);
  await member.getByLabel('Re-enter password', { exact: true }).fill(password);
  await member.getByRole('button', { name: 'Verify Account' }).click();
  await expect(member).toHaveURL(/\/signup$/);

  await expect(signInForm(member)).toBeVisible();
  await submitSignIn(member, email, password);
  await expect(member).toHaveURL(/\/home$/);
  await expect(member.getByRole('heading', { name: `Hello, ${firstName}` })).toBeVisible();
  await expect(member.getByRole('heading', { name: 'Acme Retail' })).toBeVisible();

  await member.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Members' }).click();
  await expect(member.getByRole('heading', { name: 'Members' })).toBeVisible();
  const self = member.getByRole('row').filter({ hasText: email });
  await expect(self.getByRole('cell', { name: `${firstName} ${lastName}`, exact: true })).toBeVisible();
  await expect(member.getByRole('row').filter({ hasText: 'client.admin@limbus.test' })).toBeVisible();
  // a company member gets no actions and no 'Add a new member' row
  await expect(member.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
  await expect(member.getByRole('link', { name: /^Edit / })).toHaveCount(0);
  await expect(member.getByRole('button', { name: /^Delete / })).toHaveCount(0);
  await expect(member.getByRole('link', { name: 'Add a new member' })).toHaveCount(0);
  await memberContext.close();

  // the admin now sees the member's name instead of the pending invitation
  await page.reload();
  await expect(invited.getByRole('cell', { name: `${firstName} ${lastName}`, exact: true })).toBeVisible();
});
