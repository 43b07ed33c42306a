import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page } from '@playwright/test';
import { signIn, test } from './support/accounts';
import { expectOnOneScreen, expectStackedOnAPhone, LAPTOP_SCREENS, PHONE_SCREEN } from './support/evidence';

const CLIENT = 'client.admin@limbus.test';
const RESEARCHER = 'researcher@limbus.test';
const VIDEO_TEST = 'Runner 2: feel lighter (commercial)';

/** The id of the client's seeded video test, read from its link on /tests. */
async function videoTestId(page: Page): Promise<string> {
  await page.goto('/tests');
  const href = await page.getByRole('link', { name: VIDEO_TEST, exact: true }).first().getAttribute('href');
  const id = href?.match(/\/(\d+)(\/|$)/)?.[1];
  if (!id) throw new Error(`no id in the link of the video test: ${href}`);
  return id;
}

const fsText = (path: string) => readFile(path, 'utf8');

test('[VIDEO] a researcher replaces a scene and writes its three notes; the client reads them in the summary and the scenes', async ({
  signedInAs,
}) => {
  const client = await signedInAs(CLIENT);
  const id = await videoTestId(client);

  const researcher = await signedInAs(RESEARCHER);
  await researcher.goto(`/research/test/${id}/scenes`);
  const editor = researcher.getByRole('region', { name: 'Edit scenes' });
  // The seeded scenes cover the whole video: the price reveal makes room for the new scene.
  await editor.getByRole('button', { name: 'Delete Price reveal' }).click();
  await researcher.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(editor.getByRole('button', { name: 'Delete Price reveal' })).toHaveCount(0);

  const form = researcher.getByRole('form', { name: 'New scene' });
  await form.getByLabel('Scene name').fill('Price and offer');
  await form.getByLabel('Start (mm:ss)').fill('00:21');
  await form.getByLabel('End (mm:ss)').fill('00:25');
  await form.getByRole('button', { name: 'Create scene' }).click();
  await expect(editor.getByRole('button', { name: 'Delete Price and offer' })).toBeVisible();

  await researcher.getByRole('combobox', { name: 'Scene' }).click();
  await researcher.getByRole('option', { name: /^Price and offer/ }).click();
  const notes = researcher.getByRole('region', { name: 'Notes on Price and offer' });
  const texts = {
    Summary: 'The offer softens the price for most viewers.',
    Explanation: 'Naming the discount first lets viewers read the price as a deal.',
    Suggestion: 'Keep the offer on screen until the call to action.',
  };
  for (const [label, text] of Object.entries(texts)) {
    await notes.getByLabel(label).fill(text);
    await notes.getByRole('button', { name: `Save ${label.toLowerCase()}` }).click();
    await expect(notes.getByRole('button', { name: `Save ${label.toLowerCase()}` })).toBeDisabled();
  }

  await client.goto(`/video-test/${id}/summary`);
  const summary = client.getByRole('region', { name: 'Consultant summary' });
  await expect(summary.getByText(texts.Summary)).toBeVisible();
  await summary.getByRole('link', { name: 'Price and offer' }).click();
  await expect(client).toHaveURL(new RegExp(`/video-test/${id}/scenes\\?scene_details=\\d+`));
  await expect(client.getByText(texts.Explanation)).toBeVisible();
  await client.getByRole('tab', { name: 'Suggestions' }).click();
  await expect(client.getByText(texts.Suggestion)).toBeVisible();
});

test('[VIDEO] qualitative feedback pages the associations forward and back', async ({ page }) => {
  await signIn(page, CLIENT);
  const id = await videoTestId(page);
  await page.goto(`/video-test/${id}/qualitative-feedback`);
  const associations = page.getByRole('region', { name: 'Associations' });
  await expect(associations.getByText('Page 1 of 2.', { exact: false })).toBeVisible();
  await expect(associations.getByRole('button', { name: 'see previous 10' })).toBeDisabled();
  await associations.getByRole('button', { name: 'see next 10' }).click();
  await expect(associations.getByText('Page 2 of 2.', { exact: false })).toBeVisible();
  await expect(associations.getByRole('button', { name: 'see next 10' })).toBeDisabled();
  await associations.getByRole('button', { name: 'see previous 10' }).click();
  await expect(associations.getByText('Page 1 of 2.', { exact: false })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Open questions' })).toBeVisible();
  await expect(page.getByText('What do you remember of the commercial?')).toBeVisible();
});

test('[VIDEO] the dynamic analysis selection shrinks to its minimum of 2 % and keeps it while moved', async ({
  signedInAs,
}) => {
  const id = await videoTestId(await signedInAs(CLIENT));
  const page = await signedInAs(RESEARCHER);
  await page.goto(`/research/test/${id}/dynamic-analysis`);
  const start = page.getByRole('slider', { name: 'Selection start' });
  const end = page.getByRole('slider', { name: 'Selection end' });
  const title = page.getByRole('heading', { name: /^Selection / });
  await expect(end).toHaveAttribute('aria-valuenow', '15');
  await expect(title).toHaveText('Selection 00:00 - 00:04'); // 15 % of the 30-second commercial

  await end.focus();
  for (let step = 0; step < 40; step += 1) await page.keyboard.press('ArrowLeft');
  await expect(end).toHaveAttribute('aria-valuenow', '2');
  await expect(start).toHaveAttribute('aria-valuenow', '0');
  await expect(title).toHaveText('Selection 00:00 - 00:00');

  // Dragging the start towards the end pushes the end along: the selection stays 2 % wide.
  const track = await page.locator('.mantine-RangeSlider-track').boundingBox();
  const thumb = await start.boundingBox();
  if (!track || !thumb) throw new Error('the range scrubber is not on screen');
  await page.mouse.move(thumb.x + thumb.width / 2, thumb.y + thumb.height / 2);
  await page.mouse.down();
  await page.mouse.move(track.x + track.width * 0.9, thumb.y + thumb.height / 2, { steps: 10 });
  await page.mouse.up();
  const from = Number(await start.getAttribute('aria-valuenow'));
  expect(from).toBeGreaterThan(80);
  await expect(end).toHaveAttribute('aria-valuenow', String(from + 2));
  // The video jumps to the selection's start.
  const video = page.locator('video');
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime))
    .toBeCloseTo((from / 100) * 30, 0);
});

test('[VIDEO] a bubble of the moments chart plays its moment and pauses at its end', async ({ page }) => {
  await signIn(page, CLIENT);
  const id = await videoTestId(page);
  await page.goto(`/video-test/${id}/moments`);
  const chart = page.getByRole('region', { name: 'Moments' });
  // The frustration bubble (the chart draws SVG: one circle per moment, in the emotion's colour).
  // The bubbles grow in when the chart first draws: its place is read once it has stopped growing
  // (a click during the animation can miss, CI run 5). It is then clicked by that place, since a
  // hovered or clicked bubble takes another colour (CI runs 9 and 2026-11-28 found no bubble of
  // the frustration colour to click again), until the moment opens.
  await chart.scrollIntoViewIfNeeded();
  const bubble = chart.locator('svg path[fill="#e8457c"]').first();
  let centre = { x: 0, y: 0 };
  await expect(async () => {
    const before = await bubble.boundingBox();
    await page.waitForTimeout(250);
    const after = await bubble.boundingBox();
    if (!before || !after || after.width < 8 || before.width !== after.width)
      throw new Error('still growing');
    centre = { x: after.x + after.width / 2, y: after.y + after.height / 2 };
  }).toPass({ timeout: 20_000 });
  const heading = page.getByRole('heading', { name: /^Neurofeedback \d\d:\d\d - \d\d:\d\d$/ });
  await expect(async () => {
    await page.mouse.move(0, 0);
    await page.mouse.click(centre.x, centre.y);
    await expect(heading).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  const [, startText, endText] = /(\d\d:\d\d) - (\d\d:\d\d)/.exec((await heading.textContent()) ?? '') ?? [];
  const seconds = (clock = '') => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3));
  const [from, to] = [seconds(startText), seconds(endText)];
  const video = page.locator('video');
  const state = () =>
    video.evaluate((element: HTMLVideoElement) => ({ time: element.currentTime, paused: element.paused }));

  await expect.poll(async () => (await state()).paused).toBe(false);
  const playing = await state();
  expect(playing.time).toBeGreaterThanOrEqual(from);
  expect(playing.time).toBeLessThan(to + 1);
  // It pauses by itself once the moment is over, and stays there.
  await expect.poll(async () => (await state()).paused, { timeout: 15_000 }).toBe(true);
  const paused = await state();
  expect(paused.time).toBeGreaterThanOrEqual(to);
  expect(paused.time).toBeLessThan(to + 1.5);
  await page.waitForTimeout(1000);
  expect((await state()).time).toBe(paused.time);
});

test('[VIDEO] the scene table downloads as CSV and the summary as a PDF whose library loads on the click; norms say what they need', async ({
  page,
}) => {
  await signIn(page, CLIENT);
  const id = await videoTestId(page);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });

  await page.goto(`/video-test/${id}/scenes`);
  const table = page.getByRole('region', { name: 'Scenes at a glance' });
  const csvDownload = page.waitForEvent('download');
  await table.getByRole('button', { name: 'Download CSV' }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toBe('runner-2-feel-lighter-commercial-scenes.csv');
  const csvText = (await fsText(await csv.path())).split('\r\n');
  expect(csvText[0]).toBe(
    'Scene,Start,End,Mean frustration (0-100),Mean joy (0-100),Mean attention (0-100),Summary,Explanation,Suggestion',
  );
  expect(csvText.some((line) => line.startsWith('Opening logo,00:00,'))).toBe(true);
  // The demo company has one processed video test: no norm is given, and the screen says why.
  const norms = page.getByRole('region', { name: 'Against other video tests' });
  await expect(
    norms.getByText('Norms need at least 5 other processed video tests of Acme Retail; 0 so far.'),
  ).toBeVisible();

  await page.goto(`/video-test/${id}/summary`);
  await expect(page.getByRole('region', { name: 'Consultant summary' })).toBeVisible();
  // Neither the PDF module nor the PDF library is loaded before the click.
  expect(scripts.filter((url) => /render-summary-pdf|react-pdf/.test(url))).toEqual([]);
  const pdfDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Summary PDF' }).click();
  const pdf = await pdfDownload;
  expect(scripts.some((url) => url.includes('render-summary-pdf'))).toBe(true);
  expect(pdf.suggestedFilename()).toBe('runner-2-feel-lighter-commercial-summary.pdf');
  expect((await fsText(await pdf.path())).startsWith('%PDF-')).toBe(true);
});

test('[VIDEO] the summary, moments and dynamic analysis show the video with its chart and what goes with it on one screen of a laptop, stacked on a phone', async ({
  page,
}) => {
  await signIn(page, CLIENT);
  const id = await videoTestId(page);
  const video = page.locator('video');
  const screens: { path: string; parts: () => Record<string, Locator> }[] = [
    {
      path: 'summary',
      parts: () => ({
        'the video': video,
        'the emotion chart': page.getByRole('group', { name: 'Emotions over the recording' }),
        "the consultant summary's title": page.getByRole('heading', { name: 'Consultant summary' }),
      }),
    },
    {
      path: 'moments',
      parts: () => ({
        'the video': video,
        'the moments chart': page.getByRole('region', { name: 'Moments' }),
        "the neurofeedback's title": page.getByRole('heading', { name: /^Neurofeedback/ }),
      }),
    },
    {
      path: 'dynamic-analysis',
      parts: () => ({
        'the video': video,
        'the emotion chart': page.getByRole('group', { name: 'Mean scores of the viewers in the selection' }),
        "the neurofeedback's title": page.getByRole('heading', { name: 'Neurofeedback' }),
      }),
    },
  ];
  for (const { path, parts } of screens) {
    await page.setViewportSize(LAPTOP_SCREENS[0]);
    await page.goto(`/video-test/${id}/${path}`);
    await expect(video).toBeVisible();
    for (const part of Object.values(parts())) await expect(part).toBeVisible();
    for (const screen of LAPTOP_SCREENS) {
      await page.setViewportSize(screen);
      await test.step(`${path} at ${screen.width}×${screen.height}`, () => expectOnOneScreen(page, parts()));
    }
    await page.setViewportSize(PHONE_SCREEN);
    await expectStackedOnAPhone(page, Object.values(parts()));
  }
});
