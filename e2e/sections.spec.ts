import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { signIn } from './support/accounts';

/** Provider staff with the research licence (demo seed). */
const RESEARCHER = 'researcher@limbus.test';
const COVERING =
  'Your current section is covering up another section. Please consider aligning these two sections correctly. Love you, bye! <3';
const END_BEFORE_START =
  "It seems like the beginning of the section is later than the end of the section. Please fix it cause we don't know what you mean by this. Love you, bye! <3";

type Section = { id: number; timestamp_start: number; timestamp_end: number; label: { name: string } | null };

/** Calls the API as the signed-in user of `page`. */
async function api<T>(page: Page, method: 'GET' | 'DELETE', apiPath: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await page.request.fetch(`/api/v1${apiPath}`, {
    method,
    headers: { Authorization: token ?? '' },
  });
  expect(response.ok(), `${method} ${apiPath}: ${response.status()}`).toBe(true);
  return (method === 'DELETE' ? undefined : await response.json()) as T;
}

/** A 20 s MP4 made by the bundled ffmpeg: the screen recording the researcher uploads. */
function makeRecording(): string {
  const ffmpeg: string = createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg').path;
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'limbus-sections-')), 'screen.mp4');
  execFileSync(ffmpeg, [
    ...['-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=20:size=320x240:rate=10'],
    ...['-pix_fmt', 'yuv420p', file],
  ]);
  return file;
}

/** Moves the playhead of the recording to `seconds` and waits until the video is there. */
async function seek(page: Page, seconds: number) {
  await page.locator('video').evaluate(
    (video: HTMLVideoElement, to) =>
      new Promise<void>((resolve) => {
        video.addEventListener('seeked', () => resolve(), { once: true });
        video.currentTime = to;
      }),
    seconds,
  );
}

/** Marks with the keyboard at a time of the recording: `[` starts, `]` ends. */
async function mark(page: Page, seconds: number, key: '[' | ']') {
  await seek(page, seconds);
  await page.keyboard.press(key);
}

test('[RESEARCH] a researcher uploads a recording and marks sections with [ and ], seeing both overlap errors', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, RESEARCHER);
  // A seeded desktop test with recorded participants; the sections the analysis found are cleared first.
  const tests = await api<{ id: number; platform: string; state: string }[]>(page, 'GET', '/tests');
  let testId = 0;
  let participant: { id: number; real_id: string; started_at: number } | undefined;
  for (const candidate of tests.filter((row) => row.platform === 'desktop' && row.state === 'done')) {
    const rows = await api<{ id: number; real_id: string; started_at: number }[]>(
      page,
      'GET',
      `/tests/${candidate.id}/participants`,
    );
    if (rows.length > 1) {
      testId = candidate.id;
      participant = rows.at(-1);
      break;
    }
  }
  if (!participant) throw new Error('the demo seed has no recorded desktop test');
  const detailPath = `/tests/${testId}/participants/${participant.id}?associations=sections`;
  const sectionsNow = async () => (await api<{ sections: Section[] }>(page, 'GET', detailPath)).sections;
  for (const section of await sectionsNow()) await api(page, 'DELETE', `/sections/${section.id}`);

  // the participants list and the detail
  await page.goto(`/research/test/${testId}/participants`);
  await expect(page.getByRole('heading', { level: 1, name: 'Participants' })).toBeVisible();
  for (const column of ['Participant', 'Gender', 'Age', 'Education', 'Time to complete'])
    await expect(page.getByRole('columnheader', { name: column })).toBeVisible();
  await page.getByRole('link', { name: `Edit participant ${participant.real_id}` }).click();
  await expect(page).toHaveURL(new RegExp(`/research/test/${testId}/participants/${participant.id}$`));
  await expect(page.getByRole('tab', { name: 'Data' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Questionnaire' })).toHaveCount(0);

  // the upload: progress, then the video and the button's new name
  await page.locator('input[type=file]').setInputFiles(makeRecording());
  await expect(page.getByRole('button', { name: 'Upload new video' })).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(() => page.locator('video').evaluate((video: HTMLVideoElement) => video.readyState))
    .toBeGreaterThan(0);
  // the emotion chart under the video, the recording-length hint (20 s against the recorded time), neurofeedback
  await expect(
    page.getByRole('group', { name: 'Emotions over the recording' }).locator('canvas'),
  ).toBeVisible();
  await expect(page.getByText(/^Recording 00:20 · time to complete/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Neurofeedback' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'See all suggestions' })).toHaveAttribute(
    'href',
    `/test/${testId}/suggestions`,
  );
  await page.screenshot({ path: test.info().outputPath('data-tab.png'), fullPage: true });
  // the spacebar toggles play
  await page.getByRole('heading', { level: 1 }).click();
  await page.keyboard.press(' ');
  await expect
    .poll(() => page.locator('video').evaluate((video: HTMLVideoElement) => video.paused))
    .toBe(false);
  await page.keyboard.press(' ');
  await expect
    .poll(() => page.locator('video').evaluate((video: HTMLVideoElement) => video.paused))
    .toBe(true);

  // the Sections tab: a page title for the new sections, then [ and ]
  await page.getByRole('tab', { name: 'Sections' }).click();
  await expect(page.getByText('Create Mode')).toBeVisible();
  await expect
    .poll(() => page.locator('video').evaluate((video: HTMLVideoElement) => video.readyState))
    .toBeGreaterThan(0);
  await page.getByRole('textbox', { name: 'New page title' }).fill('Checkout');
  await page.getByRole('button', { name: 'Create page title' }).click();
  await expect(page.getByRole('combobox', { name: 'Page title', exact: true })).toHaveValue('Checkout');
  await page.getByRole('heading', { level: 1 }).click();

  const editorAlert = page.getByRole('region', { name: 'Sections editor' }).getByRole('alert');
  const sectionRows = page.getByRole('table', { name: 'Sections' }).getByRole('row');
  await mark(page, 2, '[');
  await mark(page, 4, ']');
  await expect(sectionRows).toHaveCount(2); // the header and one section
  await expect(sectionRows.nth(1)).toContainText('Checkout');

  // covering the first section completely: refused, nothing saved, fixed by ending earlier
  await mark(page, 1, '[');
  await mark(page, 5, ']');
  await expect(editorAlert).toHaveText(COVERING);
  await expect(sectionRows).toHaveCount(2);
  await mark(page, 1.5, ']');
  await expect(editorAlert).toHaveCount(0);
  await expect(sectionRows).toHaveCount(3);

  // an end before the start: refused, then ended later
  await mark(page, 8, '[');
  await mark(page, 7, ']');
  await expect(editorAlert).toHaveText(END_BEFORE_START);
  await mark(page, 9, ']');
  await expect(sectionRows).toHaveCount(4);

  // [ ends the section in progress and starts the next one 1 ms later; the End button pauses
  await mark(page, 10, '[');
  await mark(page, 12, '[');
  await seek(page, 13);
  await page.getByRole('button', { name: 'End ]' }).click();
  await expect(sectionRows).toHaveCount(6);

  // a start inside the first section is moved to 1 ms after its end
  await mark(page, 3, '[');
  await mark(page, 6, ']');
  await expect(sectionRows).toHaveCount(7);

  const startMs = participant.started_at * 1000;
  await expect
    .poll(async () =>
      (await sectionsNow()).map((section) => [
        section.timestamp_start - startMs,
        section.timestamp_end - startMs,
      ]),
    )
    .toEqual([
      [1001, 1500],
      [2001, 4000],
      [4001, 6000],
      [8001, 9000],
      [10_001, 12_000],
      [12_001, 13_000],
    ]);
  expect((await sectionsNow())[1]?.label?.name).toBe('Checkout');

  // selecting a section edits it; ] moves its end
  await page.getByRole('button', { name: /^Section .* from 00:08$/ }).click();
  await expect(page.getByText('Edit Mode')).toBeVisible();
  await mark(page, 9.5, ']');
  await expect
    .poll(
      async () =>
        (await sectionsNow()).find((section) => section.timestamp_start - startMs === 8001)?.timestamp_end,
    )
    .toBe(startMs + 9500);
});
