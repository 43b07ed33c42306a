import fs from 'node:fs';
import { expect } from '@playwright/test';
import { signIn, test } from './support/accounts';
import { testIdFromList } from './support/tests';

const DONE_TEST = 'Acme Running webshop (desktop)';

test('[RESULTS] a researcher reads the data quality and leaves a participant out of the metrics; a client exports samples as CSV', async ({
  page,
  signedInAs,
}) => {
  // two users, a quality recomputation and a streamed export: 47 s alone on CI's machine
  test.setTimeout(120_000);
  await signIn(page, 'client.admin@limbus.test');
  const id = await testIdFromList(page, DONE_TEST);
  // Clients never see the quality internals.
  await page.goto(`/test/${id}/overview`);
  await expect(page.getByRole('heading', { name: 'Pages by frustration' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Data quality' })).toHaveCount(0);
  // Each top page's index carries its participant count and interval, as text.
  await expect(page.getByText(/Frustration .* \(n = \d+, 95 % CI /).first()).toBeVisible();

  await page.goto(`/test/${id}/participants`);
  const exportPanel = page.getByRole('region', { name: 'Export data' });
  await expect(exportPanel).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    exportPanel.getByRole('button', { name: 'Download' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`limbus-test-${id}-samples.csv`);
  const text = fs.readFileSync(await download.path(), 'utf8');
  const lines = text.trimEnd().split('\n');
  expect(lines[0]).toBe(
    'participant_id,real_id,stream,timestamp_unix_ms,x_px,y_px,scroll_y_px,page_height_px,click,url,joy_0_1,attention_0_1,frustration_0_1',
  );
  expect(lines.length).toBeGreaterThan(10_000);
  expect(new Set(lines.slice(1).map((line) => line.split(',')[2]))).toEqual(
    new Set(['gaze', 'mouse', 'emotions']),
  );

  const researcher = await signedInAs('researcher@limbus.test');
  await researcher.goto(`/test/${id}/overview`);
  const quality = researcher.getByRole('region', { name: 'Data quality' });
  // the lab's 12 and the remote cohort's 40
  await expect(quality.getByText(/of 52 participants below the quality thresholds/)).toBeVisible({
    timeout: 30_000,
  });
  const counted = quality.getByRole('switch', { name: 'Count P0001' });
  await expect(counted).toBeChecked();
  await counted.click({ force: true });
  await expect(counted).not.toBeChecked();
  await expect(quality.getByText(/1 left out of the metrics/)).toBeVisible();

  await quality.getByRole('link', { name: 'P0001' }).click();
  await expect(researcher).toHaveURL(new RegExp(`/research/test/${id}/participants/\\d+$`));
  const card = researcher.getByRole('region', { name: 'Data quality' });
  await expect(card.getByText('Tracking ratio', { exact: true })).toBeVisible();
  await expect(card.getByText(/gaze samples have a position/)).toBeVisible();
  await expect(card.getByRole('switch', { name: 'Count this participant in the metrics' })).not.toBeChecked();
  await card.getByRole('switch', { name: 'Count this participant in the metrics' }).click({ force: true });
  await expect(card.getByRole('switch', { name: 'Count this participant in the metrics' })).toBeChecked();
});
