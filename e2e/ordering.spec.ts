import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { TEST_MESSAGES } from '../packages/contract/src/user-tests.js';
import { signIn } from './support/accounts';
import { describeViolations, seriousViolations } from './support/axe';

const require = createRequire(import.meta.url);
const ffmpegPath: string = require('@ffmpeg-installer/ffmpeg').path;

/** Company admin of Acme Retail, whose seeded contract holds Essential and Professional tests. */
const ACME_ADMIN = 'client.admin@limbus.test';

const unique = (name: string) => `${name} ${Date.now().toString(36)}`;

const form = (page: Page) => page.getByRole('form', { name: 'Test details' });

async function openNewTest(page: Page, kind: 'Website & apps' | 'Videos') {
  await page.goto('/create-test');
  await page.getByRole('link', { name: kind }).click();
  const title = kind === 'Videos' ? 'Create Video Test' : 'Create Website Test';
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

/** Waits until the credits are known: either Request test or the out-of-tests banner shows. */
async function hasCreditsLeft(page: Page, type: 'Essential' | 'Professional'): Promise<boolean> {
  const request = page.getByRole('button', { name: 'Request test' });
  const banner = page.getByText(
    TEST_MESSAGES.outOfTestsTitle(type === 'Essential' ? 'essential' : 'professional'),
  );
  await expect(request.or(banner)).toBeVisible();
  return request.isVisible();
}

async function fillWebTask(page: Page) {
  await page.getByLabel('Purpose').fill('Find where shoppers hesitate.');
  await page.getByLabel('Scenario').fill('Buy a pair of running shoes in your size.');
  await page.getByLabel('End point').fill('The order confirmation page');
}

async function expectSuccess(page: Page) {
  await expect(page).toHaveURL(/\/success\/?$/);
  await expect(page.getByText(TEST_MESSAGES.success)).toBeVisible();
}

/** The id in the link of a test card on /tests. */
async function cardHref(page: Page, name: string): Promise<string> {
  await page.goto('/tests');
  const link = page.getByRole('link', { name, exact: true });
  await expect(link).toBeVisible();
  return (await link.getAttribute('href')) ?? '';
}

test('[ORDERING] a company admin orders web tests until the Professional credits run out and sees the banner', async ({
  page,
}) => {
  await signIn(page, ACME_ADMIN);
  const ordered: string[] = [];
  for (let round = 0; round < 10; round += 1) {
    await openNewTest(page, 'Website & apps');
    if (!(await hasCreditsLeft(page, 'Professional'))) break;
    const name = unique(`Professional order ${round + 1}`);
    await page.getByLabel('Test name').fill(name);
    await fillWebTask(page);
    await page.getByLabel('Area of focus 1').fill('The size guide');
    await page.getByRole('checkbox', { name: /Tagon \+€2,500/ }).check();
    await page.getByRole('button', { name: 'Request test' }).click();
    await expectSuccess(page);
    ordered.push(name);
  }
  // the seed leaves Acme two Professional tests
  expect(ordered.length).toBeGreaterThan(0);
  expect(ordered.length).toBeLessThan(10);

  await expect(page.getByText(TEST_MESSAGES.outOfTests('professional'))).toBeVisible();
  await expect(page.getByRole('button', { name: 'Request test' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save as draft' })).toBeVisible();
  // Essential tests are counted apart: choosing the type brings Request back
  await page.getByLabel('Essential').check();
  await expect(page.getByRole('button', { name: 'Request test' })).toBeVisible();
  await expect(page.getByText(TEST_MESSAGES.outOfTestsTitle('professional'))).toHaveCount(0);

  // the ordered tests are listed as requested, and open read-only
  const href = await cardHref(page, ordered[0] ?? '');
  expect(href).toMatch(/^\/create-test\/web\/\d+$/);
  await page.getByLabel('Filter by status').getByText('Requested').click();
  await expect(page.getByRole('link', { name: ordered[0] ?? '', exact: true })).toBeVisible();
  await page.getByRole('link', { name: ordered[0] ?? '', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'View Test' })).toBeVisible();
  // a requested test reads as a summary, not as a form
  await expect(page.getByRole('heading', { level: 2, name: ordered[0] ?? '' })).toBeVisible();
  await expect(page.getByLabel('Test name')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save as draft' })).toHaveCount(0);
});

test('[ORDERING] a draft is saved with only a name, edited, and requested; another draft is deleted', async ({
  page,
}) => {
  await signIn(page, ACME_ADMIN);
  await openNewTest(page, 'Website & apps');
  await page.getByLabel('Essential').check();
  // a draft needs a name
  await page.getByRole('button', { name: 'Save as draft' }).click();
  await expect(page.getByLabel('Test name')).toHaveAttribute('aria-invalid', 'true');
  const name = unique('Draft to request');
  await page.getByLabel('Test name').fill(name);
  await page.getByRole('button', { name: 'Save as draft' }).click();
  await expect(page.getByText('Your test has been saved as a draft')).toBeVisible();
  await expect(page).toHaveURL(/\/tests\/?$/);

  const href = await cardHref(page, name);
  expect(href).toMatch(/^\/create-test\/web\/\d+$/);
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Test' })).toBeVisible();
  await expect(page.getByLabel('Test name')).toHaveValue(name);
  await expect(page.getByLabel('Essential')).toBeChecked();

  // requesting checks the whole form and stays on it
  await hasCreditsLeft(page, 'Essential');
  await page.getByRole('button', { name: 'Request test' }).click();
  await expect(page.getByText('Some fields need your attention.')).toBeVisible();
  await expect(page.getByLabel('Scenario')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(TEST_MESSAGES.focusRequired)).toBeVisible();
  await expect(page).toHaveURL(href);

  await fillWebTask(page);
  await page.getByLabel('Area of focus 1').fill('The size guide');
  await page.getByLabel('Mobile').check();
  await page.getByLabel('Association 1').fill('Sporty');
  await page.getByLabel('Open question 1').fill('What would make you buy here?');
  await page.getByLabel('A custom target group').check();
  await page.getByLabel('Requirements of the target group').fill('Runners who buy shoes online');
  await page.getByRole('button', { name: 'Request test' }).click();
  await expectSuccess(page);

  await page.goto(href);
  await expect(page.getByRole('heading', { level: 1, name: 'View Test' })).toBeVisible();
  const summary = page.getByRole('main');
  await expect(summary.getByRole('list', { name: 'Associations' })).toHaveText('Sporty');
  await expect(summary.getByText('What would make you buy here?')).toBeVisible();
  await expect(summary.getByText('Runners who buy shoes online')).toBeVisible();
  await expect(summary.getByRole('region', { name: 'About the test' })).toContainText('Mobile');
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);

  // a draft can be deleted after confirmation
  await openNewTest(page, 'Website & apps');
  const doomed = unique('Draft to delete');
  await page.getByLabel('Test name').fill(doomed);
  await page.getByRole('button', { name: 'Save as draft' }).click();
  await expect(page).toHaveURL(/\/tests\/?$/);
  await page.getByRole('link', { name: doomed, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Test' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(TEST_MESSAGES.confirmRemove)).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/tests\/?$/);
  await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: doomed, exact: true })).toHaveCount(0);
});

test('[ORDERING] a video test is ordered with an MP4 made by ffmpeg; a text file named .mp4 is refused', async ({
  page,
}) => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'limbus-ordering-'));
  const video = path.join(folder, 'commercial.mp4');
  execFileSync(ffmpegPath, [
    ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi'],
    ...['-i', 'testsrc=duration=2:size=320x240:rate=10', '-pix_fmt', 'yuv420p', video],
  ]);
  const fake = path.join(folder, 'notes.mp4');
  fs.writeFileSync(fake, 'These are meeting notes, not a video.\n');

  try {
    await signIn(page, ACME_ADMIN);
    await openNewTest(page, 'Videos');
    await page.getByLabel('Essential').check();
    await expect(page.getByText('A Dutch representative group of ten participants')).toBeVisible();
    const name = unique('Spring commercial');
    await page.getByLabel('Test name').fill(name);
    await page.getByLabel('Brand name').fill('Acme');
    await page.getByLabel('Purpose').fill('Which scenes hold attention.');
    await hasCreditsLeft(page, 'Essential');

    const fileInput = form(page).locator('input[type="file"]');
    await fileInput.setInputFiles(fake);
    await page.getByRole('button', { name: 'Request test' }).click();
    await expect(page.getByText(TEST_MESSAGES.notAVideo).first()).toBeVisible();
    await expect(page).toHaveURL(/\/create-test\/video$/);

    await fileInput.setInputFiles(video);
    await page.getByRole('button', { name: 'Request test' }).click();
    await expectSuccess(page);

    const href = await cardHref(page, name);
    expect(href).toMatch(/^\/create-test\/video\/\d+$/);
    await page.goto(href);
    await expect(page.getByRole('heading', { level: 1, name: 'View Test' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'About the test' })).toContainText('Acme');
    const player = page.locator('video');
    await expect(player).toBeVisible();
    // the uploaded video plays: the browser reads its two seconds
    await expect
      .poll(() => player.evaluate((element) => (element as HTMLVideoElement).duration), { timeout: 10_000 })
      .toBeGreaterThan(1.5);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});

test('[ORDERING] a requested video test without a video asks for one and saves it with Save Video', async ({
  page,
}) => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'limbus-ordering-'));
  const video = path.join(folder, 'later.mp4');
  execFileSync(ffmpegPath, [
    ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi'],
    ...['-i', 'testsrc=duration=2:size=320x240:rate=10', '-pix_fmt', 'yuv420p', video],
  ]);
  try {
    await signIn(page, ACME_ADMIN);
    await openNewTest(page, 'Videos');
    await page.getByLabel('Essential').check();
    const name = unique('Video sent later');
    await page.getByLabel('Test name').fill(name);
    await page.getByLabel('Purpose').fill('Which scenes hold attention.');
    await hasCreditsLeft(page, 'Essential');
    await page.getByRole('button', { name: 'Request test' }).click();
    await expectSuccess(page);

    await page.goto(await cardHref(page, name));
    await expect(page.getByRole('heading', { level: 1, name: 'View Test' })).toBeVisible();
    await expect(page.getByText('No video yet')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save Video' })).toHaveCount(0);
    await page.getByRole('main').locator('input[type="file"]').setInputFiles(video);
    await page.getByRole('button', { name: 'Save Video' }).click();
    await expect(page.getByText('The video has been uploaded')).toBeVisible();
    await expect(page.getByText('No video yet')).toHaveCount(0);
    await expect(page.locator('video')).toBeVisible();
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});

test('[ORDERING] a demo user is told that ordering is not part of the demo', async ({ page }) => {
  await signIn(page, 'demo@limbus.test');
  await page.goto('/create-test');
  await expect(page.getByRole('heading', { level: 1, name: 'Create new test' })).toBeVisible();
  await expect(page.getByText(TEST_MESSAGES.demoCannotOrder)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Website & apps' })).toHaveCount(0);
  await page.goto('/create-test/video');
  await expect(page.getByRole('heading', { level: 1, name: 'Create Video Test' })).toBeVisible();
  await expect(page.getByText(TEST_MESSAGES.demoCannotOrder)).toBeVisible();
  await expect(page.getByRole('form', { name: 'Test details' })).toHaveCount(0);
});

test.describe('accessibility', () => {
  // axe is injected as an inline script, which the product's Content-Security-Policy rightly forbids
  test.use({ bypassCSP: true });

  test('[ORDERING] the ordering form has no critical or serious axe violations', async ({ page }) => {
    await signIn(page, ACME_ADMIN);
    await openNewTest(page, 'Website & apps');
    await page.getByLabel('A custom target group').check();
    await page.getByRole('button', { name: 'Save as draft' }).click();
    await expect(page.getByLabel('Test name')).toHaveAttribute('aria-invalid', 'true');
    const violations = await seriousViolations(page);
    expect(
      violations.map((violation) => violation.id),
      describeViolations(violations),
    ).toEqual([]);
  });
});
