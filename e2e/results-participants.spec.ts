import fs from 'node:fs';
import { expect } from '@playwright/test';
import { signIn, test } from './support/accounts';
import { testIdFromList } from './support/tests';

const DONE_TEST = 'Acme Running webshop (desktop)';

test('[RESULTS] a client admin reads the participants of a done test with their portraits; a researcher downloads a file of it', async ({
  page,
  signedInAs,
}) => {
  await signIn(page, 'client.admin@limbus.test');
  const id = await testIdFromList(page, DONE_TEST);
  await page.goto(`/test/${id}/overview`);
  await page
    .getByRole('navigation', { name: 'Test results' })
    .getByRole('link', { name: 'Participants' })
    .click();
  await expect(page).toHaveURL(`/test/${id}/participants`);
  const rows = page.getByRole('row').filter({ has: page.locator('[data-avatar] svg') });
  // the lab's 12 and the remote cohort's 40 (docs/remote-studies.md), the remote ones badged
  await expect(rows).toHaveCount(52);
  await expect(rows.filter({ hasText: 'Webcam: took part remotely' })).toHaveCount(40);
  const first = rows.first();
  await expect(first).not.toContainText('Webcam');
  await expect(first.getByRole('cell').nth(1)).toHaveText(/^\d\d:\d\d$/);
  // client users read; Edit and Delete are the researchers'
  await expect(page.getByRole('button', { name: /^Delete participant/ })).toHaveCount(0);

  const researcher = await signedInAs('researcher@limbus.test');
  await researcher.goto(`/research/test/${id}/files`);
  const recordings = researcher.getByRole('region', { name: /Recordings/ });
  const [download] = await Promise.all([
    researcher.waitForEvent('download'),
    recordings.getByRole('button', { name: 'Download emotion samples of participant P0001' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('participant-P0001-emotions.lmbs');
  const saved = await download.path();
  expect(fs.statSync(saved).size).toBeGreaterThan(1000);
});
