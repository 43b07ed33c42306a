import { expect } from '@playwright/test';
import { test } from './support/accounts';
import { testIdFromList } from './support/tests';

const DONE_TEST = 'Acme Running webshop (desktop)';
/** Insight 7 of the demo test: two points of two participants. */
const INSIGHT = 'Read more about insight 7';
/** The demo recordings are made on first view, and the reel's render after them: each takes seconds of a busy core. */
const MADE_MS = 120_000;

test('[RESULTS] a researcher makes, renders and publishes an insight’s evidence reel, and the client plays and downloads it', async ({
  signedInAs,
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
});
