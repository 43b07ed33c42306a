import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import { TITLE_CARD_MS } from '../apps/server/src/media/evidence-reel';
import { readFfmpegLog } from '../apps/server/src/media/ffmpeg';
import { probeVideo } from '../apps/server/src/media/probe-video';
import { test } from './support/accounts';
import { describeViolations, seriousViolations } from './support/axe';
import { testIdFromList } from './support/tests';

const DONE_TEST = 'Acme Running webshop (desktop)';
/** Insight 7 of the demo test: two points of two participants. */
const INSIGHT = 'Read more about insight 7';
/** The demo recordings are made on first view, and the reel's render after them: each takes seconds of a busy core. */
const MADE_MS = 120_000;

test('[RESULTS] a researcher makes, renders and publishes an insight’s evidence reel, and the client plays, downloads and shares it by link', async ({
  signedInAs,
  browser,
}) => {
  test.setTimeout(4 * MADE_MS);
  const client = await signedInAs('client.admin@limbus.test');
  const testId = await testIdFromList(client, DONE_TEST);
  await client.goto(`/test/${testId}/insights`);
  await client.getByRole('link', { name: INSIGHT, exact: true }).click();
  await expect(client).toHaveURL(new RegExp(`/test/${testId}/insights/\\d+$`));
  const insightUrl = client.url();
  const insightId = insightUrl.split('/').at(-1);
  // nothing published yet: the insight shows no reel (the server answers data: null)
  await expect(client.getByRole('region', { name: 'Supporting data' })).toBeVisible();
  await expect(client.getByRole('region', { name: 'Evidence reel' })).toHaveCount(0);

  // a reel shows recorded participants: the demo's recordings are made when they are first opened
  const watchLinks = client.getByRole('region', { name: 'Supporting data' }).getByRole('link', {
    name: /^Watch in the recording: participant/,
  });
  const hrefs = await watchLinks.evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  expect(hrefs.length).toBeGreaterThan(0);
  for (const href of hrefs) {
    await client.goto(href);
    await expect(client.locator('video')).toBeVisible({ timeout: MADE_MS });
  }

  const researcher = await signedInAs('researcher@limbus.test');
  await researcher.goto(`/research/test/${testId}/insights?open=${insightId}`);
  const panel = researcher.getByRole('region', { name: 'Evidence reel' });
  await panel.getByRole('button', { name: 'Make the evidence reel' }).click();
  const clips = panel.getByRole('list', { name: 'Clips in order' });
  await expect(clips.getByRole('listitem')).toHaveCount(hrefs.length);
  await expect(panel.getByText('Draft', { exact: true })).toBeVisible();
  // the researcher drops the first clip: the reel is a title card and the second clip
  expect(hrefs.length).toBeGreaterThan(1);
  const secondsOf = async (field: string) =>
    Number(
      await panel
        .getByRole('textbox', { name: new RegExp(`^${field} \\(s from peak\\), clip 2 `) })
        .inputValue(),
    );
  const keptMs = ((await secondsOf('End')) - (await secondsOf('Start'))) * 1000;
  await panel.getByRole('button', { name: /^Drop clip 1 / }).click();
  await expect(clips.getByRole('listitem')).toHaveCount(hrefs.length - 1);

  await panel.getByRole('button', { name: 'Render', exact: true }).click();
  await expect(panel.getByText(/^Rendering/).first()).toBeVisible();
  await expect(panel.getByText('Ready', { exact: true })).toBeVisible({ timeout: MADE_MS });
  await expect(panel.getByLabel('Preview of the evidence reel')).toHaveAttribute('src', /\/reel\/video\?/);
  await panel.getByRole('button', { name: 'Publish to client' }).click();
  await expect(panel.getByText('Published to client')).toBeVisible();

  await client.goto(insightUrl);
  const reel = client.getByRole('region', { name: 'Evidence reel' });
  const video = reel.locator('video');
  await expect(video).toBeVisible();
  await expect(video).toHaveAttribute('controls', '');
  await expect(video).not.toHaveAttribute('autoplay');
  const download = reel.getByRole('link', { name: 'Download MP4' });
  await expect(download).toHaveAttribute('download', /^evidence-reel-.+\.mp4$/);
  const answer = await client.request.get(String(await download.getAttribute('href')));
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toContain('video/mp4');
  await expectReelFile(await answer.body(), keptMs);

  // the client shares the reel by link; a browser of its own, nobody signed in, plays and downloads it
  await reel.getByRole('button', { name: 'Share reel' }).click();
  const dialog = client.getByRole('dialog', { name: /^Share the evidence reel of insight \d+ by link$/ });
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const url = await dialog.getByRole('textbox', { name: 'Link' }).inputValue();
  expect(url).toMatch(/\/s\/[0-9a-f]{64}$/);
  await dialog.getByRole('button', { name: 'Done' }).click();

  // axe-core is injected as an inline script, which the product's Content-Security-Policy refuses
  const visitorContext = await browser.newContext({ bypassCSP: true });
  try {
    const visitor = await visitorContext.newPage();
    await visitor.goto(url);
    await expect(visitor.getByText('Acme Retail', { exact: true })).toBeVisible();
    await expect(visitor.getByRole('heading', { level: 1, name: DONE_TEST })).toBeVisible();
    await expect(visitor.getByText(/^shared by .+ · expires /)).toBeVisible();
    const shared = visitor.locator('section[aria-labelledby="shared-reel-title"]');
    await expect(shared.getByRole('heading', { level: 2 })).toBeVisible();
    const played = shared.locator('video');
    await expect(played).toBeVisible();
    await expect(played).toHaveAttribute('src', /\/shared\/links\/\d+\/reel\/video\?/);
    await expect(shared.getByText(/^\d+ of \d+ participants?$/)).toBeVisible();
    await expect(visitor.getByRole('navigation')).toHaveCount(0);
    await expect(visitor.getByRole('tab')).toHaveCount(0);
    const violations = await seriousViolations(visitor);
    expect(violations, `the shared reel:\n${describeViolations(violations)}`).toEqual([]);
    const file = await visitorContext.request.get(
      new URL(String(await shared.getByRole('link', { name: 'Download MP4' }).getAttribute('href')), url)
        .href,
    );
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toContain('video/mp4');
  } finally {
    await visitorContext.close();
  }
});

/**
 * The downloaded MP4 read by ffmpeg (the bundled build has no ffprobe): H.264 1280×720, and as
 * long as the title card and the one clip kept. A clip may end early at its recording's end.
 */
async function expectReelFile(bytes: Buffer, clipMs: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'limbus-e2e-reel-'));
  try {
    const file = path.join(dir, 'reel.mp4');
    fs.writeFileSync(file, bytes);
    const info = await probeVideo(file);
    expect(info).toMatchObject({ width: 1280, height: 720 });
    expect(await readFfmpegLog(['-i', file])).toMatch(/Stream #0:\d+.*: Video: h264/);
    expect(info.durationMs).toBeLessThanOrEqual(TITLE_CARD_MS + clipMs + 300);
    expect(info.durationMs).toBeGreaterThan(TITLE_CARD_MS + clipMs - 1500);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
