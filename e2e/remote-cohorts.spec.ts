import { expect } from '@playwright/test';
import { signIn, test } from './support/accounts';
import { describeViolations, seriousViolations } from './support/axe';
import { testIdFromList } from './support/tests';

// Issue 30's research screen: a researcher opens a remote cohort on a seeded test (its consent
// terms are seeded), meets the server's refusal of a redirect at its field, copies the link shown
// once, and closes the cohort. Nobody joins, so no other journey's counts change.
const TEST_NAME = 'Acme Running webshop (mobile)';
const RESEARCHER = 'researcher@limbus.test';
const PHONE = { width: 390, height: 844 };

// axe-core is injected as an inline script, which the product's Content-Security-Policy refuses
test.use({ bypassCSP: true });

test('[REMOTE COHORTS] open a cohort with its link shown once, read it in the list at phone width, close it', async ({
  page,
  baseURL,
}) => {
  await signIn(page, RESEARCHER);
  const testId = await testIdFromList(page, TEST_NAME);

  // from the test setup's Participants tab
  await page.goto(`/research/test/${testId}/test-setup`);
  await page.getByRole('tab', { name: 'Participants' }).click();
  await page.getByRole('link', { name: 'Remote cohorts' }).click();
  await expect(page).toHaveURL(`/research/test/${testId}/remote-cohorts`);
  await expect(page.getByRole('heading', { level: 1, name: 'Remote cohorts' })).toBeVisible();

  await page.getByRole('button', { name: 'Open a remote cohort' }).click();
  const dialog = page.getByRole('dialog', { name: 'Open a remote cohort' });
  await dialog.getByRole('textbox', { name: /Participants at most/ }).fill('25');
  const redirect = dialog.getByRole('textbox', { name: 'Completion redirect (optional)' });
  await redirect.fill('https://panel.example/done?rid={RID}');
  await dialog.getByRole('button', { name: 'Open cohort' }).click();
  await expect(dialog.getByText('{RID} is not a placeholder this link fills')).toBeVisible();
  await expect(redirect).toHaveAttribute('aria-invalid', 'true');

  await redirect.fill('https://panel.example/done?pid={participant_id}');
  await dialog.getByRole('button', { name: 'Open cohort' }).click();
  const link = dialog.getByRole('textbox', { name: 'Participant link' });
  await expect(link).toHaveValue(new RegExp(`^${baseURL}/p/[0-9a-f]{64}$`));
  await expect(dialog.getByText('It will not be shown again: copy it now.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  // the dialog fades out: measured while it is still there, its desktop width overflows a phone
  await expect(dialog).toBeHidden();

  const table = page.getByRole('table', { name: 'Remote cohorts of this test' });
  const row = table.getByRole('row').nth(1);
  await expect(row).toContainText('0 of 25');
  await expect(row).toContainText('Open');

  await page.setViewportSize(PHONE);
  await expect(row.getByRole('button', { name: /^Close cohort \d+$/ })).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(PHONE.width);
  const violations = await seriousViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);

  await row.getByRole('button', { name: /^Close cohort \d+$/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Close cohort', exact: true }).click();
  await expect(row).toContainText('Closed');
  await expect(row.getByRole('button', { name: /^Close cohort/ })).toHaveCount(0);
});
