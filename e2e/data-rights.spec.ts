import { expect, type Page } from '@playwright/test';
import { signIn, test } from './support/accounts';
import { describeViolations, seriousViolations } from './support/axe';
import { testIdFromList } from './support/tests';

// Issue 25's journey: a researcher records a paper consent, a client admin requests an erasure,
// the researcher carries it out and the receipt says verified; the overview's participant count
// and the heatmap drop by one, the audit trail shows each step to staff and to the client, and the
// company's record of processing counts the test without the erased participant.
//
// The journeys share one seeded server and run one after another. Other journeys count the
// participants of Acme Retail's desktop test ("52 participants", "of 52 participants"), so this one
// erases a participant of Acme Retail's mobile test (company 3), which the others only open for
// its locked Professional screens. client.admin@limbus.test is company 3's admin.
const TEST_NAME = 'Acme Running webshop (mobile)';
const RESEARCHER = 'researcher@limbus.test';
const CLIENT_ADMIN = 'client.admin@limbus.test';
const ACME_RETAIL = 3;

// axe-core is injected as an inline script, which the product's Content-Security-Policy refuses
test.use({ bypassCSP: true });

/** Calls the API as the signed-in user of `page` (only to find ids). */
async function api<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await page.request.get(`/api/v1${path}`, { headers: { Authorization: token ?? '' } });
  expect(response.ok(), `GET ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return response.json() as Promise<T>;
}

/** A participant of the test whose gaze the test's first heatmap page shows, with that page. */
async function participantOnFirstHeatmapPage(page: Page, testId: string) {
  const heatmaps = await api<{ data: { heatmaps: { id: number }[] } }>(page, `/tests/${testId}/heatmaps`);
  const first = heatmaps.data.heatmaps[0];
  if (!first) throw new Error(`test ${testId} has no heatmap page`);
  const participants = await api<{ id: number; real_id: string }[]>(page, `/tests/${testId}/participants`);
  // from the last: the seed's first participants are those others pick (P0001, the ones declining AI)
  for (const participant of [...participants].reverse()) {
    const points = await api<{ data: { participants: number } }>(
      page,
      `/tests/${testId}/heatmaps/${first.id}/points?participant_id=${participant.id}`,
    );
    if (points.data.participants > 0) return participant;
  }
  throw new Error(`no participant of test ${testId} visited its first heatmap page`);
}

async function expectNoSeriousViolations(page: Page, screen: string) {
  const violations = await seriousViolations(page);
  expect(violations, `${screen}:\n${describeViolations(violations)}`).toEqual([]);
}

/** The overview's "Participants: N" figure. */
async function overviewParticipants(page: Page, testId: string): Promise<number> {
  await page.goto(`/test/${testId}/overview`);
  const figure = page.getByRole('group', { name: /^Participants: \d+$/ });
  await expect(figure).toBeVisible();
  return Number((await figure.getAttribute('aria-label'))?.match(/\d+/)?.[0]);
}

/** The heatmap's "N participants visited this page" of the test's first heatmap page. */
async function heatmapVisitors(page: Page, testId: string): Promise<number> {
  await page.goto(`/test/${testId}/heatmaps`);
  const caption = page.getByText(/^\d+ participants? visited this page · [\d,]+ gaze samples$/);
  await expect(caption).toBeVisible({ timeout: 30_000 });
  return Number.parseInt((await caption.textContent()) ?? '', 10);
}

test('[DATA RIGHTS] a paper consent, an erasure requested by the client and verified, and each step in the audit trail', async ({
  page,
  signedInAs,
}) => {
  // two users, an erasure with its recomputations and verification, and six screens checked by axe
  test.setTimeout(300_000);
  await signIn(page, CLIENT_ADMIN);
  const testId = await testIdFromList(page, TEST_NAME);
  const participantsBefore = await overviewParticipants(page, testId);
  const visitorsBefore = await heatmapVisitors(page, testId);
  expect(visitorsBefore).toBeGreaterThan(1);

  const researcher = await signedInAs(RESEARCHER);
  const participant = await participantOnFirstHeatmapPage(researcher, testId);

  // the consent terms the participants signed (version 1, seeded)
  await researcher.goto(`/research/test/${testId}/consent`);
  await expect(researcher.getByRole('heading', { level: 1, name: 'Consent terms' })).toBeVisible();
  await expect(researcher.getByText('Taking part in a Limbus study').first()).toBeVisible();
  await expectNoSeriousViolations(researcher, 'the consent terms screen');

  // 1. the researcher enters the participant's paper consent: version 1, without AI processing
  await researcher.goto(`/research/test/${testId}/participants/${participant.id}`);
  const consent = researcher.getByRole('region', { name: 'Consent', exact: true });
  // the participant's page loads its recording's streams first: slow on a loaded machine
  await expect(consent.getByText(/^Version 1 · Given at the lab recorder · /)).toBeVisible({
    timeout: 30_000,
  });
  await consent.getByRole('button', { name: 'Enter a paper consent' }).click();
  const form = consent.getByRole('form', { name: 'Enter a paper consent' });
  await form.getByRole('combobox', { name: 'Version of the terms' }).click();
  await researcher.getByRole('option', { name: 'Version 1' }).click();
  const ai = form.getByRole('checkbox', {
    name: "AI processing (text generated from the participant's comments)",
  });
  await expect(ai).toBeChecked();
  await ai.uncheck();
  await form.getByRole('button', { name: 'Record the consent' }).click();
  await expect(researcher.getByText('The paper consent is recorded and in force.')).toBeVisible();
  await expect(consent.getByText(/^Version 1 · Given on paper, entered by a researcher · /)).toBeVisible();
  await expectNoSeriousViolations(researcher, 'the research participant page with its consent');

  // 2. the client admin requests the participant's erasure on the test's participants
  await page.goto(`/test/${testId}/participants`);
  const requests = page.getByRole('region', { name: 'Erasure requests' });
  await expect(requests.getByText('No erasure was asked for in this test.')).toBeVisible();
  await requests.getByRole('combobox', { name: 'Participant' }).click();
  await page.getByRole('option', { name: participant.real_id, exact: true }).click();
  await requests.getByRole('button', { name: 'Request erasure' }).click();
  const requestDialog = page.getByRole('dialog', { name: "Request this participant's erasure?" });
  await requestDialog.getByRole('button', { name: 'Request erasure' }).click();
  await expect(page.getByText('The erasure was requested: a researcher carries it out.')).toBeVisible();
  const erasures = requests.getByRole('table', { name: 'Erasures of this test' });
  await expect(erasures.getByRole('row')).toHaveCount(2);
  await expect(erasures.getByRole('row').nth(1)).toContainText('Requested');

  // 3. the researcher sees the request on the participant's page, carries it out, and the receipt says verified
  await researcher.reload();
  await expect(researcher.getByText('Erasure requested')).toBeVisible();
  await expect(
    researcher.getByText(`${CLIENT_ADMIN} asked for this participant to be erased.`),
  ).toBeVisible();
  await researcher.getByRole('button', { name: 'Carry out the erasure' }).click();
  await researcher
    .getByRole('dialog', { name: 'Erase this participant?' })
    .getByRole('button', { name: 'Erase for good' })
    .click();
  const receipt = researcher.getByRole('region', { name: 'Erasure receipt' });
  await expect(receipt.getByText('Erased and verified')).toBeVisible({ timeout: 90_000 });
  await expect(receipt).toContainText(/Verified\s*Yes/);
  await expect(receipt).toContainText(`by ${CLIENT_ADMIN}`);
  await expect(receipt).toContainText(`by ${RESEARCHER}`);
  await expect(receipt).not.toContainText(participant.real_id);
  const subject =
    (
      await receipt
        .getByText(/^[0-9a-f]{16}$/)
        .first()
        .textContent()
    )?.trim() ?? '';
  expect(subject).not.toBe('');
  await expectNoSeriousViolations(researcher, 'the erasure receipt');

  // 4. the client's results count one participant less, on the overview and on the heatmap
  await page.goto(`/test/${testId}/participants`);
  await expect(erasures.getByRole('row').nth(1)).toContainText('Erased and verified');
  expect(await overviewParticipants(page, testId)).toBe(participantsBefore - 1);
  expect(await heatmapVisitors(page, testId)).toBe(visitorsBefore - 1);

  // 5. the audit trail: staff in the admin area, the client admin on their organisation's page
  const steps = ['Changed a consent', 'Requested an erasure', 'Erased a participant'];
  const auditOf = async (viewer: Page, path: string) => {
    await viewer.goto(path);
    const filters = viewer.getByRole('form', { name: 'Filter the audit trail' });
    await filters.getByRole('textbox', { name: 'Test number' }).fill(testId);
    await filters.getByRole('button', { name: 'Filter' }).click();
    const entries = viewer.getByRole('table', { name: 'Audit trail entries' });
    for (const step of steps) {
      const row = entries
        .getByRole('row')
        .filter({ hasText: step })
        .filter({ hasText: `Erased (${subject})` });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(TEST_NAME);
    }
    // the participant is named by its pseudonym only, once erased
    await expect(entries).not.toContainText(participant.real_id);
    return entries;
  };
  const staffEntries = await auditOf(researcher, '/admin/audit');
  await expect(staffEntries.getByRole('row').filter({ hasText: 'Changed a consent' })).toContainText(
    RESEARCHER,
  );
  await expect(staffEntries.getByRole('row').filter({ hasText: 'Requested an erasure' })).toContainText(
    CLIENT_ADMIN,
  );
  await expect(researcher.getByRole('alert').filter({ hasText: 'Broken' })).toHaveCount(0);
  await expect(researcher.getByRole('status').filter({ hasText: /entries checked/ })).toBeVisible({
    timeout: 30_000,
  });
  await expectNoSeriousViolations(researcher, '/admin/audit');

  await auditOf(page, '/organisation/audit');
  await expectNoSeriousViolations(page, '/organisation/audit');

  // the admin area's company page, with its retention policy
  await researcher.goto(`/admin/companies/${ACME_RETAIL}`);
  await expect(researcher.getByRole('region', { name: 'Retention' })).toBeVisible();
  await expect(researcher.getByRole('form', { name: 'Retention policy' })).toBeVisible();
  await expectNoSeriousViolations(researcher, "the admin company page's Retention section");

  // 6. the record of processing (Art. 30) the client admin prints: it counts the test without the erased
  await page.goto('/organisation');
  await page.getByRole('link', { name: 'Open the record of processing' }).click();
  await expect(page.getByRole('heading', { name: 'Record of processing', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: '2. Purposes and legal basis' })).toBeVisible();
  const covered = page
    .getByRole('table', { name: 'Tests covered' })
    .getByRole('row')
    .filter({ hasText: TEST_NAME });
  await expect(covered.getByRole('cell').nth(1)).toHaveText(String(participantsBefore - 1));
  await expect(page.getByRole('button', { name: 'Print or save as PDF' })).toBeVisible();
  await expectNoSeriousViolations(page, '/organisation/record-of-processing');
  await researcher.goto(`/admin/companies/${ACME_RETAIL}/record-of-processing`);
  await expect(researcher.getByRole('region', { name: '1. Controller and processor' })).toContainText(
    'Acme Retail',
  );
});
