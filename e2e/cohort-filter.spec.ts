import { expect } from '@playwright/test';
import { signIn, test } from './support/accounts';
import { testIdFromList } from './support/tests';

const DONE_TEST = 'Acme Running webshop (desktop)';

test('[RESULTS] the cohort filter: Remote shows the 40 webcam participants, Lab the 12, and the choice survives moving between screens and a reload', async ({
  page,
}) => {
  await signIn(page, 'client.admin@limbus.test');
  const id = await testIdFromList(page, DONE_TEST);
  await page.goto(`/test/${id}/participants`);
  const rows = page.getByRole('row').filter({ has: page.locator('[data-avatar] svg') });
  await expect(rows).toHaveCount(52);
  await expect(page.getByText('52 participants', { exact: true })).toBeVisible();

  const cohorts = page.getByRole('radiogroup', { name: 'Participants' });
  await cohorts.getByText('Remote (webcam)').click();
  await expect(page).toHaveURL(`/test/${id}/participants?cohort=remote`);
  await expect(rows).toHaveCount(40);
  await expect(rows.filter({ hasText: 'Webcam: took part remotely' })).toHaveCount(40);
  await expect(page.getByText('40 remote participants', { exact: true })).toBeVisible();

  // the choice goes with the results' links and stays over a reload
  const nav = page.getByRole('navigation', { name: 'Test results' });
  await nav.getByRole('link', { name: 'Heatmaps' }).click();
  await expect(page).toHaveURL(new RegExp(`/test/${id}/heatmaps\\?cohort=remote$`));
  await page.reload();
  await expect(cohorts.getByRole('radio', { name: 'Remote (webcam)' })).toBeChecked();
  await nav.getByRole('link', { name: 'Participants' }).click();
  await expect(page).toHaveURL(`/test/${id}/participants?cohort=remote`);
  await expect(rows).toHaveCount(40);

  await cohorts.getByText('Lab').click();
  await expect(page).toHaveURL(`/test/${id}/participants?cohort=lab`);
  await expect(rows).toHaveCount(12);
  await expect(rows.filter({ hasText: 'Webcam' })).toHaveCount(0);
  await expect(page.getByText('12 lab participants', { exact: true })).toBeVisible();
});

test("[RESULTS] a video test's Remote cohort shows its own gaze heatmap and says it has no EEG", async ({
  page,
}) => {
  await signIn(page, 'client.admin@limbus.test');
  const id = await testIdFromList(page, 'Runner 2: feel lighter (commercial)');
  await page.goto(`/video-test/${id}/summary`);
  await page.getByRole('radiogroup', { name: 'Participants' }).getByText('Remote (webcam)').click();
  await expect(page).toHaveURL(`/video-test/${id}/summary?cohort=remote`);
  const note = page.getByRole('note');
  await expect(note).toContainText(
    'Gaze heatmap and eye-movement moments: the 40 remote participants alone.',
  );
  await expect(note).toContainText('recorded without EEG');
  await page.getByRole('radiogroup', { name: 'Video shown' }).getByText('Gaze heatmap').click();
  const video = page.locator('video').first();
  await expect(video).toHaveAttribute('src', new RegExp(`/api/v1/tests/${id}/heatmap_video/remote\\?`));
  // the remote cohort's heatmap video is served and plays to its length
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.duration), { timeout: 15_000 })
    .toBeGreaterThan(29);
});
