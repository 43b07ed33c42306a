import { expect, type Page, test } from '@playwright/test';
import { signIn } from './support/accounts';
import { expectOnOneScreen, expectStackedOnAPhone, LAPTOP_SCREENS, PHONE_SCREEN } from './support/evidence';
import { testIdFromList } from './support/tests';

const DONE_TEST = 'Acme Running webshop (desktop)';
/** The demo recordings are made on first view: encoding one takes a few seconds of a busy core. */
const RECORDING_MADE_MS = 120_000;

/** The video's playhead once it can seek (seconds), and whether it plays. */
const videoState = (page: Page) =>
  page.locator('video').evaluate((video: HTMLVideoElement) => ({
    ready: video.readyState,
    time: video.currentTime,
    paused: video.paused,
  }));

test('[RESULTS] a client opens a recording at a point of an insight, sees the video there, and next wraps around', async ({
  page,
}) => {
  test.setTimeout(RECORDING_MADE_MS + 60_000);
  await signIn(page, 'client.admin@limbus.test');
  const id = await testIdFromList(page, DONE_TEST);
  await page.goto(`/test/${id}/insights`);
  await page.getByRole('link', { name: 'Read more about insight 1', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/test/${id}/insights/\\d+$`));
  const supporting = page.getByRole('region', { name: 'Supporting data' });
  const watch = supporting.getByRole('link', { name: /^Watch in the recording: participant/ }).first();
  const href = (await watch.getAttribute('href')) ?? '';
  const match = href.match(/\/participant\/(\d+)\/recording\?timestamp=([\d.]+)&sp_id=(\d+)$/);
  expect(match, href).not.toBeNull();
  const [, participantId, timestamp, pointId] = match as RegExpMatchArray;
  await watch.click();
  await expect(page).toHaveURL(href);
  await expect(page.getByRole('heading', { name: /^Recording of participant / })).toBeVisible();

  // the demo's recording is made now (the screen says so), then plays from the point's moment
  await expect(page.locator('video')).toBeVisible({ timeout: RECORDING_MADE_MS });
  await expect
    .poll(async () => {
      const state = await videoState(page);
      return state.ready >= 1 && Math.abs(state.time - Number(timestamp)) < 0.5;
    })
    .toBe(true);
  await expect(page.getByTestId('recording-overlay')).toBeAttached();
  const neurofeedback = page.getByRole('region', { name: 'Neurofeedback' });
  await expect(neurofeedback.locator(`[aria-current="true"]`)).toHaveCount(1);
  await expect(page.getByText('Time to complete')).toBeVisible();
  await expect(page.getByText('Clicks', { exact: true })).toBeVisible();
  // space plays and pauses
  await page.locator('body').press(' ');
  await expect.poll(async () => (await videoState(page)).paused).toBe(false);
  await page.locator('body').press(' ');
  await expect.poll(async () => (await videoState(page)).paused).toBe(true);

  // next on the last participant of the list goes to the first, back on the first to the last
  await page.goto(`/test/${id}/participants`);
  const links = page.getByRole('link', { name: /^Open the recording of participant/ });
  // the lab's 12 and the remote cohort's 40
  await expect(links).toHaveCount(52);
  const hrefs = await links.evaluateAll((anchors) =>
    anchors.map((anchor) => anchor.getAttribute('href') ?? ''),
  );
  expect(hrefs).toContain(`/test/${id}/participant/${participantId}/recording`);
  const first = hrefs[0] as string;
  const last = hrefs[hrefs.length - 1] as string;
  await page.goto(last);
  await page.getByRole('link', { name: /^Next participant/ }).click();
  await expect(page).toHaveURL(first);
  await page.getByRole('link', { name: /^Back: previous participant/ }).click();
  await expect(page).toHaveURL(last);
  expect(pointId).toMatch(/^\d+$/);
});

test('[RESULTS] the recording, its emotion chart and the neurofeedback are on one screen of a laptop, and stacked on a phone', async ({
  page,
}) => {
  test.setTimeout(RECORDING_MADE_MS + 60_000);
  await signIn(page, 'client.admin@limbus.test');
  const id = await testIdFromList(page, DONE_TEST);
  await page.goto(`/test/${id}/participants`);
  await page
    .getByRole('link', { name: /^Open the recording of participant/ })
    .first()
    .click();
  const video = page.locator('video');
  await expect(video).toBeVisible({ timeout: RECORDING_MADE_MS });
  const chart = page.getByRole('group', { name: 'Emotions over the recording' });
  const neurofeedback = page.getByRole('region', { name: 'Neurofeedback' });
  const parts = {
    'the video': video,
    'the emotion chart': chart,
    "the neurofeedback's title": neurofeedback.getByText('Neurofeedback', { exact: true }),
    'the way to all suggestions': neurofeedback.getByRole('link', { name: 'See all suggestions' }),
  };
  await expect(chart).toBeVisible();
  for (const screen of LAPTOP_SCREENS) {
    await page.setViewportSize(screen);
    await expectOnOneScreen(page, parts);
  }
  await page.setViewportSize(PHONE_SCREEN);
  await expectStackedOnAPhone(page, [video, chart, neurofeedback]);
});
