import { expect, test } from '@playwright/test';
import { signIn, uniqueEmail } from './support/accounts';
import { addMonths, calendarDayLabel, shownDate, todayIso, withDay } from './support/dates';
import { MESSAGES } from './support/messages';

test('[ADMIN] create a company, give it a contract and products, renew, edit dates, then delete it', async ({
  page,
}) => {
  const name = `E2E Company ${Date.now()}`;
  await signIn(page, 'admin@limbus.test');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
  await expect(page).toHaveURL(/\/admin\/companies$/);
  await page.getByRole('link', { name: 'Add company' }).click();
  await expect(page).toHaveURL(/\/admin\/companies\/new$/);

  // a new company with a new admin and no subscription length
  const form = page.getByRole('form', { name: 'New company' });
  const save = form.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await form.getByRole('textbox', { name: 'Company name' }).fill(name);
  await form.getByRole('textbox', { name: 'Address' }).fill('Keizersgracht 1');
  await form.getByRole('textbox', { name: 'Postal code' }).fill('1015 CJ');
  await form.getByRole('textbox', { name: 'City' }).fill('Amsterdam');
  const choose = async (label: string, option: string, search?: string) => {
    const field = form.getByRole('combobox', { name: label });
    await field.click();
    if (search) await field.fill(search);
    await page.getByRole('option', { name: option, exact: true }).click();
    await expect(field).toHaveValue(option);
  };
  await choose('Country', 'Netherlands', 'Netherl');
  await choose('Company admin', 'Create new user');
  await expect(save).toBeDisabled();
  await form.getByRole('textbox', { name: 'E-mail of the new admin' }).fill(uniqueEmail('company-admin'));
  await choose('Consultant', 'Ruben Jansen (researcher@limbus.test)');
  await choose('Account manager', 'Sanne de Vries (admin@limbus.test)');
  await expect(form.getByRole('combobox', { name: 'Subscription length' })).toHaveValue('');
  await expect(save).toBeEnabled();
  await save.click();

  await expect(page).toHaveURL(/\/admin\/companies\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('Not active')).toBeVisible();

  // no contract yet: Months and 'Add contract'
  const today = todayIso();
  await page.getByRole('textbox', { name: 'Months' }).fill('6');
  await page.getByRole('button', { name: 'Add contract' }).click();
  const contracts = page.getByRole('region', { name: 'Contracts' });
  const contractRow = contracts.getByRole('row').nth(1);
  let end = addMonths(today, 6);
  await expect(contractRow.getByRole('cell').nth(1)).toHaveText(shownDate(today));
  await expect(contractRow.getByRole('cell').nth(2)).toHaveText(shownDate(end));
  await expect(page.getByText('Active', { exact: true })).toBeVisible();

  // add products: 2 Essential
  await contracts.getByRole('button', { name: 'Add products' }).click();
  const products = page.getByRole('form', { name: 'Add products' });
  await products.getByRole('textbox', { name: 'Amount' }).fill('2');
  await products.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Essential', exact: true }).click();
  await products.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('2 Essential tests added.')).toBeVisible();
  await expect(products).toHaveCount(0);
  await expect(contractRow.getByRole('cell').first()).toHaveText('2 Essential');
  const bundles = page.getByRole('region', { name: 'Bundles' });
  const bundleRow = bundles.getByRole('row').filter({ hasText: 'Essential' });
  await expect(bundleRow.getByRole('cell')).toHaveText(['Essential', '2', '0', '']);

  // renew: 'Add 3 months' moves the end date from the current end date
  await contractRow.getByRole('button', { name: /^Renew contract/ }).click();
  const renew = page.getByRole('form', { name: 'Renew contract' });
  await renew.getByRole('textbox', { name: 'Months' }).fill('3');
  await renew.getByRole('button', { name: 'Add 3 months' }).click();
  end = addMonths(end, 3);
  await expect(contractRow.getByRole('cell').nth(2)).toHaveText(shownDate(end));
  await expect(renew).toHaveCount(0);

  // select the row and edit both dates in the date pickers
  await contractRow.getByRole('cell').first().click();
  await expect(contractRow).toHaveAttribute('aria-selected', 'true');
  const edit = page.getByRole('form', { name: 'Edit contract' });
  await expect(edit.getByLabel('Start date')).toHaveText(shownDate(today));
  await expect(edit.getByLabel('End date')).toHaveText(shownDate(end));
  const newStart = withDay(today, today.endsWith('-01') ? 2 : 1);
  const newEnd = withDay(end, end.endsWith('-15') ? 16 : 15);
  await edit.getByLabel('Start date').click();
  await page.getByRole('button', { name: calendarDayLabel(newStart), exact: true }).click();
  await expect(edit.getByLabel('Start date')).toHaveText(shownDate(newStart));
  await edit.getByLabel('End date').click();
  await page.getByRole('button', { name: calendarDayLabel(newEnd), exact: true }).click();
  await expect(edit.getByLabel('End date')).toHaveText(shownDate(newEnd));
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The contract has been saved.')).toBeVisible();
  await expect(edit).toHaveCount(0);
  await expect(contractRow.getByRole('cell').nth(1)).toHaveText(shownDate(newStart));
  await expect(contractRow.getByRole('cell').nth(2)).toHaveText(shownDate(newEnd));

  // delete the bundle, after the confirmation
  await bundles.getByRole('button', { name: 'Delete bundle of 2 Essential' }).click();
  const confirmBundle = page.getByRole('dialog');
  await expect(confirmBundle.getByText(MESSAGES.confirmRemoveBundle)).toBeVisible();
  await confirmBundle.getByRole('button', { name: 'Delete' }).click();
  await expect(bundles.getByText('No products yet')).toBeVisible();
  await expect(contractRow.getByRole('cell').first()).toHaveText('Subscription');

  // back to the list: find it and delete it
  await page.getByRole('link', { name: 'Back to companies' }).click();
  await expect(page).toHaveURL(/\/admin\/companies$/);
  await page.getByRole('textbox', { name: 'Search companies' }).fill(name);
  const listRow = page.getByRole('row').filter({ hasText: name });
  await expect(listRow.getByRole('cell')).toHaveText([name, '0', shownDate(newEnd), /Select/]);
  await listRow.getByRole('button', { name: `Delete ${name}` }).click();
  const confirmCompany = page.getByRole('dialog');
  await expect(confirmCompany.getByText(MESSAGES.confirmRemoveCompany)).toBeVisible();
  await confirmCompany.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`${name} was removed.`)).toBeVisible();
  // the list reloads a second after the delete (spec 1 §2)
  await expect(listRow).toHaveCount(0);
  await expect(page.getByText('No company matches your search')).toBeVisible();
  await page.getByRole('textbox', { name: 'Search companies' }).fill('');
  await expect(page.getByRole('row').filter({ hasText: 'Acme Retail' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
});

test('[ADMIN] set a company’s AI insight language and monthly token budget', async ({ page }) => {
  await signIn(page, 'admin@limbus.test');
  await page.goto('/admin/companies');
  await page.getByRole('link', { name: 'Select Acme Retail' }).click();
  const section = page.getByRole('region', { name: 'AI text' });
  await expect(section.getByText(/of 2,000,000 tokens/)).toBeVisible();
  const language = section.getByRole('combobox', { name: 'Insight language' });
  const budget = section.getByRole('textbox', { name: /Monthly token budget/ });
  const save = section.getByRole('button', { name: 'Save' });

  await language.fill('Engl');
  await page.getByRole('option', { name: 'English', exact: true }).click();
  await budget.fill('-1');
  await save.click();
  await expect(section.getByText('The budget cannot be below 0 tokens')).toBeVisible();
  await budget.fill('750000');
  await expect(budget).toHaveValue('750,000');
  await save.click();
  await expect(section.getByText('Saved')).toBeVisible();
  await expect(section.getByText(/of 750,000 tokens/)).toBeVisible();

  await page.reload();
  await expect(budget).toHaveValue('750,000');
  await expect(language).toHaveValue('English');
  if (process.env.E2E_SHOT_DIR) {
    await page.screenshot({ path: `${process.env.E2E_SHOT_DIR}/ai-desktop.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 900 });
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${process.env.E2E_SHOT_DIR}/ai-phone.png` });
  }

  // the demo's other journeys expect the defaults back
  await language.fill('Nederl');
  await page.getByRole('option', { name: 'Dutch (Nederlands)' }).click();
  await budget.fill('2000000');
  await save.click();
  await expect(section.getByText('Saved')).toBeVisible();
});
