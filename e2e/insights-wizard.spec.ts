import { expect, type Page, test } from '@playwright/test';
import { signIn } from './support/accounts';
import { describeViolations, seriousViolations } from './support/axe';

// axe is injected as an inline script, which the product's Content-Security-Policy rightly forbids
test.use({ bypassCSP: true });

/** Provider staff of company id 2 (the seed's Limbus): the wizard's users (spec 3 §2). */
/** The demo recordings are made on first view: encoding one takes a few seconds of a busy core. */
const RECORDING_MADE_MS = 120_000;
const RESEARCHER = 'researcher@limbus.test';

/** Calls the API as the signed-in user of `page`. */
async function api<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await page.request.get(`/api/v1${path}`, { headers: { Authorization: token ?? '' } });
  expect(response.ok(), `GET ${path}: ${response.status()}`).toBe(true);
  return response.json() as Promise<T>;
}

type Tag = { id: number; name: string; count: number; participants: number };
type Insight = {
  assigned_id: number;
  title: string;
  significant_points_ids: number[];
  highlight_id: number | null;
};

/** A done desktop test of the seed with at least two tags that mark points. */
async function taggedTest(page: Page) {
  const tests = await api<{ id: number; platform: string; state: string }[]>(page, '/tests');
  for (const candidate of tests.filter((row) => row.platform === 'desktop' && row.state === 'done')) {
    const { tags } = await api<{ tags: Tag[] }>(page, `/tests/${candidate.id}/tags`);
    const marked = tags.filter((tag) => tag.count > 0);
    if (marked.length >= 2) return { testId: candidate.id, tags: marked.slice(0, 2) };
  }
  throw new Error('the demo seed has no desktop test with two tags');
}

test('[RESEARCH] the insights wizard writes an insight per tag with the local provider, shows its evidence and saves the chosen ones after the test’s last', async ({
  page,
}) => {
  test.setTimeout(RECORDING_MADE_MS + 90_000);
  await signIn(page, RESEARCHER);
  const { testId, tags } = await taggedTest(page);
  const before = (await api<{ data: { insights: Insight[] } }>(page, `/tests/${testId}/insights`)).data
    .insights;

  await page.goto(`/research/test/${testId}/insights`);
  await page.getByRole('link', { name: 'Wizard' }).click();
  await expect(page).toHaveURL(new RegExp(`/research/test/${testId}/insights-wizard$`));
  await expect(page.getByRole('heading', { name: /^Insights wizard/ })).toBeVisible();
  await expect(page.getByTestId('ai-usage')).toContainText('tokens');
  await expect(page.getByRole('link', { name: 'Back to insights' })).toBeVisible();

  const generate = page.getByRole('button', { name: 'Generate insights' });
  await expect(generate).toBeDisabled();
  for (const tag of tags) await page.getByRole('checkbox', { name: tag.name, exact: true }).check();
  await page.getByLabel('Focus point (optional)').fill('de knop');
  // Each tag is queued as a job (202) and its state polled until the proposal is there.
  const queued = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && response.url().endsWith(`/tests/${testId}/ai/insights`),
  );
  const polled = page.waitForResponse(
    (response) =>
      response.request().method() === 'GET' &&
      new RegExp(`/tests/${testId}/ai/insights/\\d+$`).test(response.url()),
  );
  await generate.click();
  expect((await queued).status()).toBe(202);
  expect((await polled).ok()).toBe(true);

  await expect(page.getByText('2 of 2 tags done')).toBeVisible({ timeout: 30_000 });
  for (const tag of tags) await expect(page.getByTestId(`run-${tag.id}`)).toHaveText('Ready to review');
  await page.getByRole('button', { name: 'Review 2 proposals' }).click();

  const [first, second] = tags;
  const firstCard = page.getByRole('article', { name: `Proposal for ${first?.name}` });
  await expect(firstCard.getByText(`Tag ${first?.name}`)).toBeVisible();
  // Dutch by default: the local provider's title names the main emotion.
  await expect(firstCard.getByLabel('Title')).toHaveValue(new RegExp(`^${first?.name}: vooral `));
  // participants who did not consent to AI processing are left out of the proposal, and it says so
  const leftOutMessage = firstCard.getByText(/left out: they did not consent to AI processing\.$/);
  const leftOut =
    (await leftOutMessage.count()) > 0 ? Number((await leftOutMessage.textContent())?.match(/^\d+/)) : 0;
  const evidence = firstCard.getByRole('region', { name: /^Evidence for the whole insight/ });
  await expect(
    evidence.getByText(new RegExp(`^${(first?.participants ?? 0) - leftOut} of \\d+ participants$`)),
  ).toBeVisible();
  await firstCard.getByRole('button', { name: 'Evidence' }).first().click();
  await expect(firstCard.getByRole('region', { name: /^Evidence for / })).toContainText('Participant');
  await firstCard
    .getByRole('button', { name: /^Play clip of participant/ })
    .first()
    .click();
  // the cited moment plays as the insight clip: the participant's recording (made from the demo's
  // data on its first view, which may take a while on a busy machine), muted and repeating
  await expect(
    firstCard.getByLabel('Clip of the highlighted moment (muted, repeating)').first(),
  ).toBeAttached({ timeout: RECORDING_MADE_MS });
  await expect(firstCard.getByRole('button', { name: 'Watch video' }).first()).toBeVisible();

  const violations = await seriousViolations(page);
  expect(
    violations.map((violation) => violation.id),
    describeViolations(violations),
  ).toEqual([]);
  // At phone width the proposal and its evidence stack instead of running off the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(firstCard.getByLabel('Title')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });

  const title = `Wizard insight ${Date.now().toString(36)}`;
  await firstCard.getByLabel('Title').fill(title);
  await page
    .getByRole('article', { name: `Proposal for ${second?.name}` })
    .getByRole('checkbox', { name: 'Save as insight' })
    .uncheck();
  await page.getByRole('button', { name: 'Save the insight' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved the insight' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/research/test/${testId}/insights$`), { timeout: 5_000 });

  const after = (await api<{ data: { insights: Insight[] } }>(page, `/tests/${testId}/insights`)).data
    .insights;
  expect(after).toHaveLength(before.length + 1);
  const saved = after.find((insight) => insight.title === title);
  expect(saved?.assigned_id).toBe(before.length + 1);
  expect(saved?.significant_points_ids.length).toBeGreaterThan(0);
  expect(saved?.highlight_id).not.toBeNull();
});
