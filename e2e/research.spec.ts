import { expect, type Page, test } from '@playwright/test';
import { signIn } from './support/accounts';
import { describeViolations, seriousViolations } from './support/axe';

/** Provider staff with the research licence (demo seed). */
const RESEARCHER = 'researcher@limbus.test';

const unique = (name: string) => `${name} ${Date.now().toString(36)}`;

/** Calls the API as the signed-in user of `page`. */
async function api(page: Page, method: 'GET' | 'POST', path: string, data?: unknown) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await page.request.fetch(`/api/v1${path}`, {
    method,
    headers: { Authorization: token ?? '' },
    data,
  });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return response.json();
}

const researchRow = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

async function search(page: Page, text: string) {
  const box = page.getByRole('textbox', { name: 'Search tests' });
  await box.fill(text);
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('[RESEARCH] a researcher filters the research list, opens a setup panel with a live setup, and sets a test in progress in the setup editor', async ({
  page,
}) => {
  await signIn(page, RESEARCHER);
  const name = unique('Research journey');
  // in Globex: the ordering journey, which runs first, uses up Acme's Professional credits
  const created = await api(page, 'POST', '/tests', {
    test: { name, company_id: 4, platform: 'desktop', state: 'requested', purpose: 'Journey' },
  });
  const testId: number = created.id;

  // a lab recorder: added on the setups page, its key shown once, then it sends a heartbeat
  const setupName = unique('Lab');
  await page.goto('/research/testsetups');
  await expect(page.getByRole('heading', { level: 1, name: 'Test setups' })).toBeVisible();
  const newSetup = page.getByRole('form', { name: 'New test setup' });
  await newSetup.getByRole('textbox', { name: 'Name' }).fill(setupName);
  await newSetup.getByRole('textbox', { name: 'IP address' }).fill('127.0.0.1:9911');
  await newSetup.getByRole('button', { name: 'Add test setup' }).click();
  const key = await page.getByRole('textbox', { name: 'Setup key' }).inputValue();
  expect(key.length).toBeGreaterThan(20);
  await expect(page.getByText('it is shown only this once')).toBeVisible();
  await expect(researchRow(page, setupName)).toContainText('Offline');
  const heartbeat = await page.request.post('/api/v1/ingest/heartbeat', {
    headers: { Authorization: `Setup ${key}` },
    data: { status: { eeg: true, eye: true, mouse: false, tapp: true, recorder: true, redis: true } },
  });
  expect(heartbeat.ok()).toBe(true);
  await page.getByRole('button', { name: 'I have stored the key' }).click();
  await expect(page.getByRole('textbox', { name: 'Setup key' })).toHaveCount(0);

  // the setup's screen: out of range is named and not saved, then a 27-inch screen at 650 mm
  await expect(researchRow(page, setupName)).toContainText('Default: 1920 × 1080 px, 531 × 299 mm at 600 mm');
  await page.getByRole('button', { name: `Screen of ${setupName}` }).click();
  const screenForm = page.getByRole('form', { name: `Screen of ${setupName}` });
  await screenForm.getByRole('textbox', { name: 'Viewing distance (mm)' }).fill('50');
  await screenForm.getByRole('button', { name: 'Save screen' }).click();
  await expect(screenForm.getByText('Viewing distance must be 200–2000 mm')).toBeVisible();
  await screenForm.getByRole('textbox', { name: 'Viewing distance (mm)' }).fill('650');
  await screenForm.getByRole('textbox', { name: 'Screen width (mm)' }).fill('597');
  await screenForm.getByRole('textbox', { name: 'Screen height (mm)' }).fill('336');
  await screenForm.getByRole('button', { name: 'Save screen' }).click();
  await expect(screenForm).toHaveCount(0);
  await expect(researchRow(page, setupName)).toContainText('1920 × 1080 px, 597 × 336 mm at 650 mm');

  // the list: search on test, company and requester names, platform and state filters
  await page.goto('/research');
  await expect(page.getByRole('heading', { level: 1, name: 'Research' })).toBeVisible();
  await search(page, 'Grant');
  await expect(researchRow(page, 'Onboarding wizard')).toBeVisible();
  await expect(researchRow(page, 'Checkout flow redesign')).toHaveCount(0);
  // (other journeys add many Acme tests, so each check searches narrowly enough to stay on page 1)
  await search(page, 'globex');
  await expect(researchRow(page, 'Onboarding wizard')).toBeVisible();
  await expect(researchRow(page, 'Checkout flow redesign')).toHaveCount(0);
  await search(page, 'campaign');
  await choose(page, 'Platform', 'Video');
  await expect(researchRow(page, 'Spring campaign video')).toBeVisible();
  await search(page, 'Checkout flow redesign');
  await expect(researchRow(page, 'Checkout flow redesign')).toHaveCount(0);
  await choose(page, 'Platform', 'All');
  await expect(researchRow(page, 'Checkout flow redesign')).toBeVisible();
  const draft = page.getByRole('group', { name: 'Status' }).getByText('Draft', { exact: true });
  await draft.click();
  await expect(researchRow(page, 'Checkout flow redesign')).toHaveCount(0);
  await search(page, 'Product page on mobile');
  await expect(researchRow(page, 'Product page on mobile')).toBeVisible();
  await draft.click();
  await search(page, name);
  const row = researchRow(page, name);
  await expect(row).toContainText('Globex');
  await expect(row).toContainText('Requested');

  // Choose Setup: the recorder is online; Start Test opens it on its own port with the test id
  await row.getByRole('button', { name: `Choose Setup for ${name}` }).click();
  const panel = page.getByRole('region', { name: `Test setups for ${name}` });
  const setupItem = panel.getByRole('listitem').filter({ hasText: setupName });
  await expect(setupItem).toContainText('Online');
  await expect(setupItem.getByLabel('Mouse: not working')).toBeVisible();
  await page
    .context()
    .route('http://127.0.0.1:9911/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Recorder</title>' }),
    );
  const popupPromise = page.waitForEvent('popup');
  await setupItem.getByRole('button', { name: `Start Test on ${setupName}` }).click();
  const popup = await popupPromise;
  await popup.waitForLoadState();
  expect(popup.url()).toBe(`http://127.0.0.1:9911/?testId=${testId}`);
  await popup.close();

  // Select: the setup editor; the state becomes in progress, saved with every slot left empty
  await panel.getByRole('link', { name: `Select ${name}` }).click();
  await expect(page).toHaveURL(`/research/test/${testId}/test-setup`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await choose(page, 'State', 'In progress');
  await page.getByRole('tab', { name: 'Methods' }).click();
  await expect(page.getByRole('textbox', { name: 'Open question 1' })).toHaveValue('');
  // the saved check shows for only 500 ms (the component test times it): wait for the answer instead
  const saving = page.waitForResponse(
    (response) =>
      response.request().method() === 'PATCH' && response.url().endsWith(`/api/v1/tests/${testId}`),
  );
  await page.getByRole('button', { name: 'Save' }).click();
  expect((await saving).status()).toBe(200);

  await page.reload();
  await expect(page.getByRole('combobox', { name: 'State' })).toHaveValue('In progress');
  const saved = await api(page, 'GET', `/tests/${testId}`);
  expect(saved.state).toBe('in-progress');
  expect(saved.open_questions).toEqual([]);
  expect(saved.associations.filter((association: { default: boolean }) => !association.default)).toEqual([]);
  expect(saved.focus_elements).toEqual([]);

  await page.goto('/research');
  await search(page, name);
  await expect(researchRow(page, name)).toContainText('In progress');
});

test.describe('accessibility', () => {
  // axe is injected as an inline script, which the product's Content-Security-Policy rightly forbids
  test.use({ bypassCSP: true });

  test('[ACCESSIBILITY] /research has no critical or serious axe violations', async ({ page }) => {
    await signIn(page, RESEARCHER);
    await page.goto('/research');
    await expect(page.getByRole('heading', { level: 1, name: 'Research' })).toBeVisible();
    await search(page, 'Checkout flow redesign');
    await expect(researchRow(page, 'Checkout flow redesign')).toBeVisible();
    await researchRow(page, 'Checkout flow redesign')
      .getByRole('button', { name: /Choose Setup/ })
      .click();
    await expect(page.getByRole('region', { name: /Test setups for/ })).toBeVisible();
    const violations = await seriousViolations(page);
    expect(
      violations.map((violation) => violation.id),
      describeViolations(violations),
    ).toEqual([]);
  });

  test('[ACCESSIBILITY] the setup editor and /research/testsetups have no critical or serious axe violations', async ({
    page,
  }) => {
    await signIn(page, RESEARCHER);
    await page.goto('/research');
    await search(page, 'Checkout flow redesign');
    await researchRow(page, 'Checkout flow redesign')
      .getByRole('button', { name: /Choose Setup/ })
      .click();
    await page.getByRole('link', { name: 'Select Checkout flow redesign' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout flow redesign' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Company' })).toHaveValue('Acme Retail');
    for (const tab of ['Setup', 'Methods', 'Participants', 'Insights']) {
      await page.getByRole('tab', { name: tab }).click();
      const violations = await seriousViolations(page);
      expect(
        violations.map((violation) => violation.id),
        `${tab} tab: ${describeViolations(violations)}`,
      ).toEqual([]);
    }

    await page.goto('/research/testsetups');
    await expect(page.getByRole('form', { name: 'New test setup' })).toBeVisible();
    const violations = await seriousViolations(page);
    expect(
      violations.map((violation) => violation.id),
      describeViolations(violations),
    ).toEqual([]);
  });
});
