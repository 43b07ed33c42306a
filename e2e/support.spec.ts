import { expect } from '@playwright/test';
import { signIn, test } from './support/accounts';
import { linkFromLatestMail } from './support/outbox';

test('[SUPPORT] a client writes through the chat widget, staff answer from the inbox, the client reads the reply', async ({
  page,
  signedInAs,
}) => {
  const stamp = Date.now();
  const question = `How do I add a second test? (${stamp})`;
  const answer = `Open Tests and choose Create a new test (${stamp})`;
  const since = Date.now();

  // the client writes from the widget of the shell
  await signIn(page, 'client.admin@limbus.test');
  await page.getByRole('button', { name: 'Message us' }).click();
  const chat = page.getByRole('dialog', { name: 'Support chat' });
  await expect(chat).toBeVisible();
  await chat.getByRole('button', { name: 'New conversation' }).click();
  await chat.getByRole('textbox', { name: 'Message' }).fill(question);
  await chat.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(chat.getByRole('log', { name: 'Messages' }).getByText(question)).toBeVisible();

  // staff get a mail with a link to the conversation in the inbox
  const staffLink = new URL(await linkFromLatestMail('researcher@limbus.test', since));
  expect(staffLink.pathname).toMatch(/^\/research\/support\/\d+$/);

  const staff = await signedInAs('researcher@limbus.test');
  await staff.goto('/research/support');
  await expect(staff.getByRole('heading', { name: 'Support inbox' })).toBeVisible();
  const row = staff.getByRole('row').filter({ hasText: question });
  await expect(row).toContainText('Acme Retail');
  await expect(row).toContainText('Claire Mendes');
  await expect(row).toContainText('Open');
  await row.getByRole('link', { name: question }).click();
  await expect(staff).toHaveURL(staffLink.pathname);
  await expect(staff.getByRole('log', { name: 'Messages' }).getByText(question)).toBeVisible();
  await staff.getByRole('textbox', { name: 'Reply' }).fill(answer);
  await staff.getByRole('button', { name: 'Send' }).click();
  await expect(staff.getByRole('log', { name: 'Messages' }).getByText(answer)).toBeVisible();

  // the client sees the reply in the open thread (it polls every 10 s) and gets a mail
  await expect(chat.getByRole('log', { name: 'Messages' }).getByText(answer)).toBeVisible({
    timeout: 20_000,
  });
  const clientLink = new URL(await linkFromLatestMail('client.admin@limbus.test', since));
  expect(clientLink.pathname).toBe('/home');
  expect(clientLink.searchParams.get('support')).toMatch(/^\d+$/);
});
