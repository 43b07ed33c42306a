import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { signIn } from './support/accounts';
import { describeViolations, seriousViolations } from './support/axe';

// axe is injected as an inline script, which the product's Content-Security-Policy rightly forbids
test.use({ bypassCSP: true });

/** A screenshot of the demo shop's basket page (1920 × 1512), as a user would upload one. */
const SCREENSHOT = readFileSync(
  new URL('../packages/demo-data/site-capture/desktop/basket.png', import.meta.url),
);

test('uploads a screenshot, predicts its heatmap, changes the opacity, draws a box and downloads the PNG; the viewer passes axe', async ({
  page,
}) => {
  await signIn(page, 'client.admin@limbus.test');
  await page.getByRole('link', { name: 'Predictions' }).first().click();
  await page.getByRole('link', { name: 'Open heatmaps' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Heatmaps' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Heatmaps' }).getByRole('article').first()).toBeVisible();

  await page.getByRole('button', { name: 'Upload' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload screenshots' });
  await expect(dialog.getByText('Heatmap credits: Unlimited (beta)')).toBeVisible();
  // A capture needs a device and above the fold or full page.
  await dialog.getByLabel('Web address').fill('https://www.example.com/');
  await dialog.getByRole('button', { name: 'Add capture' }).click();
  await expect(dialog.getByText('Choose a device: Desktop or Mobile')).toBeVisible();
  await expect(dialog.getByText('Choose above the fold, full page or both')).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Choose image files' }).click();
  await (await chooser).setFiles({ name: 'basket.png', mimeType: 'image/png', buffer: SCREENSHOT });
  // Each upload needs a title before generation.
  await dialog.getByRole('button', { name: 'Generate predictions' }).click();
  await expect(
    dialog.getByText('Generating predictions is refused if any upload has no title.'),
  ).toBeVisible();
  await expect(dialog.getByText('Each upload needs a title before generation')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Title of upload 1' }).fill('Basket, desktop');
  await dialog.getByRole('button', { name: 'Generate predictions' }).click();

  await expect(page).toHaveURL(/\/predictions\/heatmaps\/\d+$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Basket, desktop' })).toBeVisible();
  const overlay = page.getByRole('img', { name: 'Predicted attention heatmap' });
  await expect(overlay).toBeVisible();
  await expect(overlay).toHaveCSS('opacity', '0.3');

  const opacity = page.getByRole('slider', { name: 'Opacity' });
  await opacity.focus();
  await page.keyboard.press('End');
  await expect(page.getByText('Opacity: 100')).toBeVisible();
  await expect(overlay).toHaveCSS('opacity', '1');

  const violations = await seriousViolations(page);
  expect(
    violations.map((violation) => violation.id),
    describeViolations(violations),
  ).toEqual([]);

  // Draw a box over the top of the screenshot: it is listed as Box 1 with its share.
  const shot = await page.getByRole('img', { name: 'Screenshot: Basket, desktop' }).boundingBox();
  if (!shot) throw new Error('no screenshot');
  await page.mouse.move(shot.x + 20, shot.y + 20);
  await page.mouse.down();
  await page.mouse.move(shot.x + shot.width / 2, shot.y + shot.height / 4, { steps: 5 });
  await page.mouse.up();
  await expect(page.getByRole('textbox', { name: 'Name of Box 1' })).toBeVisible();
  await expect(page.getByLabel('Share of attention in Box 1')).toHaveText(/^\d+ ?%$/);

  // The PNG is the view as shown: the screenshot's size plus the legend strip below it.
  const size = /(\d+) × (\d+) px/.exec((await page.getByText(/\d+ × \d+ px/).textContent()) ?? '');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PNG' }).click();
  const png = readFileSync(await (await download).path());
  expect(png.subarray(1, 4).toString()).toBe('PNG');
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([Number(size?.[1]), Number(size?.[2]) + 64]);

  await page.getByText('Peekthrough', { exact: true }).click();
  await expect(page.getByRole('img', { name: 'Peekthrough: areas unlikely to be seen' })).toBeVisible();
});

test('makes a project, finds its seeded heatmaps and compares two side by side', async ({ page }) => {
  await signIn(page, 'client.admin@limbus.test');
  await page.goto('/predictions');
  await page.getByRole('link', { name: 'Open projects' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  const projects = page.getByRole('list', { name: 'Projects' });
  await expect(projects.getByRole('link', { name: 'Shop relaunch' })).toBeVisible();

  await page.getByRole('button', { name: 'New project' }).click();
  const modal = page.getByRole('dialog', { name: 'New project' });
  await modal.getByRole('button', { name: 'Create project' }).click();
  await expect(modal.getByText('Give the project a name')).toBeVisible();
  await modal.getByLabel('Name').fill('Landing page test');
  await modal.getByLabel('Description').fill('Two headlines for the spring campaign');
  await modal.getByRole('button', { name: 'Create project' }).click();
  await expect(page).toHaveURL(/\/predictions\/projects\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Landing page test' })).toBeVisible();
  await expect(page.getByText('No heatmaps in this project yet')).toBeVisible();

  await page.getByRole('link', { name: 'Projects' }).first().click();
  await projects.getByRole('link', { name: 'Shop relaunch' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Shop relaunch' })).toBeVisible();
  await page
    .getByRole('list', { name: 'Heatmaps' })
    .getByRole('link', { name: 'Home page, desktop' })
    .click();
  await expect(page).toHaveURL(/\/predictions\/projects\/\d+\/heatmaps\/\d+$/);
  await expect(page.getByRole('link', { name: 'Shop relaunch' })).toBeVisible();

  await page.getByRole('link', { name: 'Compare' }).click();
  await expect(page).toHaveURL(/\/predictions\/heatmaps\/\d+\/compare$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Compare heatmaps' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Compare with' }).click();
  await page.getByRole('option', { name: 'Home page, mobile' }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/compare\?with=\d+$/);
  const desktop = page.getByRole('region', { name: 'Home page, desktop' });
  const mobile = page.getByRole('region', { name: 'Home page, mobile' });
  await expect(desktop.getByRole('img', { name: 'Predicted attention on Home page, desktop' })).toBeVisible();
  await expect(mobile.getByRole('img', { name: 'Predicted attention on Home page, mobile' })).toBeVisible();
  await expect(desktop.getByRole('table', { name: 'Boxes of Home page, desktop' })).toContainText('Header');
  await expect(mobile.getByRole('table', { name: 'Boxes of Home page, mobile' })).toContainText(
    /Header\d+ ?%/,
  );
  const violations = await seriousViolations(page);
  expect(
    violations.map((violation) => violation.id),
    describeViolations(violations),
  ).toEqual([]);
});

test('predicts a test’s heatmap page and shows measured against predicted with the model’s scores', async ({
  page,
}) => {
  await signIn(page, 'client.admin@limbus.test');
  const authorization = await page.evaluate(() => localStorage.getItem('token') ?? '');
  const tests = (await (await page.request.get('/api/v1/tests', { headers: { authorization } })).json()) as {
    id: number;
    name: string;
  }[];
  // the mobile test: the desktop test's pages come predicted with their areas (the seed)
  const testId = tests.find((item) => item.name === 'Acme Running webshop (mobile)')?.id;
  if (!testId) throw new Error('the seeded web test is missing');

  await page.goto(`/test/${testId}/heatmaps`);
  const section = page.getByRole('region', { name: 'Measured against predicted' });
  await section.getByRole('button', { name: 'Predict this screenshot' }).click();
  const scores = section.getByRole('group', { name: 'Model scores for this page' });
  await expect(scores).toContainText(/AUC 0\.\d\d/, { timeout: 30_000 });
  await expect(scores).toContainText(/NSS -?\d\.\d\d/);
  await expect(scores).toContainText(/CC -?\d\.\d\d/);
  await expect(section.getByRole('img', { name: 'Measured gaze heatmap' })).toBeVisible();
  await expect(section.getByRole('img', { name: 'Predicted attention heatmap' })).toBeVisible();
  await expect(section.getByRole('img', { name: /^Difference: red where people looked more/ })).toBeVisible();
  await expect(section.getByRole('button', { name: 'Predict again' })).toBeVisible();
});
