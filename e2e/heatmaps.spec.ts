import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { signIn, test } from './support/accounts';

const SCREENSHOT = path.join(import.meta.dirname, '../packages/demo-data/site-capture/desktop/checkout.png');

/** The seeded desktop web test of Acme Retail, as the signed-in user sees it. */
async function acmeDesktopTest(page: Page): Promise<number> {
  const authorization = await page.evaluate(() => localStorage.getItem('token') ?? '');
  const response = await page.request.get('/api/v1/tests', { headers: { authorization } });
  const tests = (await response.json()) as { id: number; name: string }[];
  const id = tests.find((item) => item.name === 'Acme Running webshop (desktop)')?.id;
  if (!id) throw new Error('the seeded web test is missing');
  return id;
}

test('[HEATMAPS] a researcher creates a heatmap page with an uploaded screenshot and a client sees the gaze on it', async ({
  page,
  signedInAs,
}) => {
  test.setTimeout(120_000); // two users sign in and open their screens
  await signIn(page, 'client.admin@limbus.test');
  const testId = await acmeDesktopTest(page);
  const name = `Checkout ${Date.now()}`;

  const researcher = await signedInAs('researcher@limbus.test');
  await researcher.goto(`/research/test/${testId}/heatmaps`);
  await researcher.getByRole('tab', { name: 'Manage' }).click();
  await researcher.getByLabel('Name', { exact: true }).fill(name);
  await researcher.getByLabel('URL', { exact: true }).fill('https://shop.acme.test/checkout');
  await researcher.getByText('Upload an image').click();
  const chooser = researcher.waitForEvent('filechooser');
  await researcher.getByLabel('Image', { exact: true }).click();
  await (await chooser).setFiles(SCREENSHOT);
  await researcher.getByRole('button', { name: 'Create heatmap page' }).click();
  const row = researcher.getByRole('row').filter({ hasText: name });
  await expect(row.getByRole('link', { name: 'View screenshot' })).toBeVisible();

  await page.goto(`/test/${testId}/heatmaps`);
  await page.getByRole('combobox', { name: 'Heatmap page' }).click();
  await page.getByRole('option', { name }).click();
  await expect(page.getByText(/^(\d+) participants visited this page · [\d,]+ gaze samples$/)).toBeVisible();
  await expect(page.getByText(/^0 participants/)).toHaveCount(0);

  await drawBox(page, [0.02, 0.02], [0.98, 0.3]);
  await drawBox(page, [0.02, 0.32], [0.98, 0.45]);
  await expect(page.getByLabel('Name of Box 1')).toBeVisible();
  await expect(page.getByLabel('Name of Box 2')).toBeVisible();
  const shares = await Promise.all(
    ['share-1', 'share-2'].map(async (id) => {
      const share = page.getByTestId(id);
      await expect(share).toHaveText(/^\d+ % of attention$/);
      return Number.parseInt((await share.textContent()) ?? '', 10);
    }),
  );
  // The gaze of the seeded participants: the two boxes share it, the top box holding some of it.
  expect(shares[0]).toBeGreaterThan(0);
  expect((shares[0] ?? 0) + (shares[1] ?? 0)).toBeLessThanOrEqual(100);
});

/** Drags a box on the heatmap from one point to another, given as shares of the drawn screenshot. */
async function drawBox(page: Page, from: [number, number], to: [number, number]) {
  // The canvas takes the screenshot's height once the image has loaded: a drag before that would
  // land on a sliver (CI drew its first box so, and got one box of two).
  await expect
    .poll(() =>
      page
        .getByAltText('Screenshot of the page')
        .evaluate((image: HTMLImageElement) => (image.complete ? image.naturalHeight : 0)),
    )
    .toBeGreaterThan(0);
  const box = await page.getByTestId('heatmap-canvas').boundingBox();
  if (!box) throw new Error('no heatmap drawn');
  await page.mouse.move(box.x + box.width * from[0], box.y + box.height * from[1]);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * to[0], box.y + box.height * to[1], { steps: 5 });
  await page.mouse.up();
}

/** How many different colours a 40 × 40 grid of pixels of the image has (a blank capture has one). */
function coloursOf(image: HTMLImageElement): number {
  const canvas = document.createElement('canvas');
  canvas.width = image.naturalWidth;
  canvas.height = image.naturalHeight;
  const context = canvas.getContext('2d');
  if (!context) return 0;
  context.drawImage(image, 0, 0);
  const colours = new Set<string>();
  for (let row = 0; row < 40; row++)
    for (let column = 0; column < 40; column++) {
      const x = Math.floor(((column + 0.5) * canvas.width) / 40);
      const y = Math.floor(((row + 0.5) * canvas.height) / 40);
      colours.add(context.getImageData(x, y, 1, 1).data.join(','));
    }
  return colours.size;
}

test('[HEATMAPS] a researcher captures a page the product serves, draws two boxes and reads their shares', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'researcher@limbus.test');
  const testId = await acmeDesktopTest(page);
  const name = `Sign-in page ${Date.now()}`;
  // The product's own sign-in page: the e2e server allows captures of its loopback address.
  const address = `${baseURL}/signup`;

  await page.goto(`/research/test/${testId}/heatmaps`);
  await page.getByRole('tab', { name: 'Manage' }).click();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('URL', { exact: true }).fill(address);
  await page.getByText('Capture the URL').click();
  await page.getByRole('button', { name: 'Create heatmap page' }).click();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(address);
  await expect(row.getByRole('link', { name: 'View screenshot' })).toBeVisible({ timeout: 60_000 });
  await expect(row.getByText('The capture failed')).toHaveCount(0);

  await page.getByRole('tab', { name: 'Heatmaps' }).click();
  await page.getByRole('combobox', { name: 'Heatmap page' }).click();
  await page.getByRole('option', { name }).click();
  const screenshot = page.getByRole('img', { name: 'Screenshot of the page' });
  await expect.poll(() => screenshot.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1920);
  expect(
    await screenshot.evaluate(coloursOf),
    'the capture shows the page, not a blank screen',
  ).toBeGreaterThan(2);
  // Nobody of the test visited the product's own page: its boxes hold none of the attention.
  await expect(page.getByText('0 participants visited this page · 0 gaze samples')).toBeVisible();

  await drawBox(page, [0.05, 0.05], [0.45, 0.6]);
  await drawBox(page, [0.55, 0.05], [0.95, 0.6]);
  await expect(page.getByLabel('Name of Box 1')).toBeVisible();
  await expect(page.getByLabel('Name of Box 2')).toBeVisible();
  await expect(page.getByTestId('share-1')).toHaveText('0 % of attention');
  await expect(page.getByTestId('share-2')).toHaveText('0 % of attention');
});
