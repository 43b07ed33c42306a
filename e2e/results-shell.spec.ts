import { expect, type Page, test } from '@playwright/test';
import { signIn } from './support/accounts';
import { testIdFromList } from './support/tests';

const DEMO_TEST = 'Acme Running webshop (desktop)';

/** A call to the API with the signed-in user's token, answering its status and body. */
async function callApi(page: Page, method: 'GET' | 'POST' | 'PATCH', path: string, data?: unknown) {
  const authorization = await page.evaluate(() => localStorage.getItem('token') ?? '');
  const response = await page.request.fetch(`/api/v1${path}`, { method, headers: { authorization }, data });
  return { status: response.status(), body: (await response.json().catch(() => null)) as unknown };
}

test('[RESULTS] a demo user opening a results page lands on the introduction and continues to the test', async ({
  page,
}) => {
  await signIn(page, 'demo@limbus.test');
  const id = await testIdFromList(page, 'Acme Running webshop (desktop)');
  await page.goto(`/test/${id}/overview`);
  await expect(page).toHaveURL(`/test/${id}/demo`);
  await expect(page.getByRole('heading', { name: 'Introduction to the product' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Acme Running webshop (desktop)' })).toBeVisible();
  const next = page.getByRole('link', { name: 'Continue to test' });
  await expect(next).toHaveAttribute('href', `/test/${id}/overview/`);
  // past the introduction the test's pages open
  await next.click();
  await expect(page).toHaveURL(`/test/${id}/overview/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Acme Running webshop (desktop)' })).toBeVisible();
});

test('[RESULTS] an Essential test locks the Tags page; Upgrade opens the support chat with a prefilled request', async ({
  page,
}) => {
  await signIn(page, 'client.admin@limbus.test');
  const id = await testIdFromList(page, 'Acme Running webshop (mobile)');
  await page.goto(`/test/${id}/tags`);
  await expect(page).toHaveURL(`/test/${id}/locked`);
  await expect(page.getByRole('heading', { name: 'Upgrade to Professional' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'View report' })).toBeVisible();
  await page.getByRole('button', { name: 'Upgrade' }).click();
  const chat = page.getByRole('dialog', { name: 'Support chat' });
  await expect(chat).toBeVisible();
  await expect(chat.getByRole('textbox', { name: 'Message' })).toHaveValue(
    'I would like to upgrade the test “Acme Running webshop (mobile)” of Acme Retail to Professional.',
  );
});

test('[RESULTS] a demo user reads a demo web test end to end and can change nothing', async ({ page }) => {
  // nine screens in one journey: minutes on a loaded machine, where each screen loads slowly
  test.setTimeout(300_000);
  await signIn(page, 'demo@limbus.test');
  // from the test's card on /tests (where testIdFromList leaves the page) to its introduction;
  // the first results screen loads its code and the test before the guard decides
  const id = await testIdFromList(page, DEMO_TEST);
  await page.getByRole('link', { name: DEMO_TEST, exact: true }).first().click();
  await expect(page).toHaveURL(`/test/${id}/demo`, { timeout: 30_000 });
  await page.getByRole('link', { name: 'Continue to test' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  await expect(page.getByRole('group', { name: /^Participants: \d+$/ })).toBeVisible();

  const nav = page.getByRole('navigation', { name: 'Test results' });
  const openScreen = async (label: string, page_: string) => {
    await nav.getByRole('link', { name: label, exact: true }).click();
    await expect(page).toHaveURL(`/test/${id}/${page_}`);
  };

  // insights: the cards and the PDF are for reading; no title input to create one
  await openScreen('Insights', 'insights');
  await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();
  await expect(page.getByRole('article').first()).toContainText(/\d+ data points?/);
  await expect(page.getByRole('button', { name: 'Insights PDF' })).toBeVisible();
  await expect(page.getByPlaceholder('Enter a new Insight title')).toHaveCount(0);
  await page.getByRole('link', { name: 'Read more about insight 1', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/test/${id}/insights/\\d+$`));
  await expect(page.getByText(/^Insight 1 of \d+/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Supporting data', exact: true })).toBeVisible();

  await openScreen('Pages', 'page-insights');
  await expect(page.getByRole('heading', { level: 2, name: 'Pages' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Ranking' }).getByRole('listitem')).toHaveCount(3);

  await openScreen('Tags', 'tags');
  await expect(page.getByRole('heading', { level: 2, name: 'Tags' })).toBeVisible();

  await openScreen('Sections', 'sections');
  await expect(page.getByRole('heading', { level: 2, name: 'Sections' })).toBeVisible();

  await openScreen('Heatmaps', 'heatmaps');
  await expect(page.getByRole('heading', { level: 1, name: 'Heatmaps' })).toBeVisible();

  // participants: read, not edited or deleted (the researchers' controls)
  await openScreen('Participants', 'participants');
  await expect(page.getByRole('heading', { level: 1, name: 'Participants' })).toBeVisible();
  await expect(
    page
      .getByRole('row')
      .filter({ has: page.locator('[data-avatar] svg') })
      .first(),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: /^Edit participant/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Delete participant/ })).toHaveCount(0);

  // suggestions: the list and one suggestion, without New, reordering, Edit, Delete or Mark as done
  await openScreen('Suggestions', 'suggestions');
  await expect(page.getByRole('heading', { level: 1, name: 'Suggestions' })).toBeVisible();
  const rows = page.getByTestId('suggestion-row');
  await expect(rows.first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'New suggestion' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Move / })).toHaveCount(0);
  await rows.first().getByRole('link').first().click();
  await expect(page.getByRole('link', { name: 'Back to suggestions' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^(Mark as done|Done)$/ })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  // the forms themselves lead back to the introduction
  // (a full page load: the app and the test load again before the guard decides)
  await page.goto(`/test/${id}/suggestions/new`);
  await expect(page).toHaveURL(`/test/${id}/demo`, { timeout: 30_000 });

  // the server refuses the demo user's writes, whatever a screen shows, and nothing changes
  type Listed = { data: { suggestions?: { id: number; done: boolean }[]; insights?: { id: number }[] } };
  const suggestions = (await callApi(page, 'GET', `/tests/${id}/suggestions`)).body as Listed;
  const insights = (await callApi(page, 'GET', `/tests/${id}/insights`)).body as Listed;
  const suggestion = suggestions.data.suggestions?.[0];
  const insight = insights.data.insights?.[0];
  if (!suggestion || !insight) throw new Error('the demo test has no suggestion or insight');
  const writes = [
    callApi(page, 'POST', `/tests/${id}/suggestions`, { suggestion: { title: 'Written by a demo user' } }),
    callApi(page, 'PATCH', `/tests/${id}/suggestions/${suggestion.id}`, {
      suggestion: { done: !suggestion.done },
    }),
    callApi(page, 'POST', `/tests/${id}/insights`, { insight: { title: 'Written by a demo user' } }),
    callApi(page, 'PATCH', `/tests/${id}/insights/${insight.id}`, {
      insight: { title: 'Renamed by a demo user' },
    }),
  ];
  expect((await Promise.all(writes)).map((answer) => answer.status)).toEqual([403, 403, 403, 403]);
  expect((await callApi(page, 'GET', `/tests/${id}/suggestions`)).body).toEqual(suggestions);
  expect((await callApi(page, 'GET', `/tests/${id}/insights`)).body).toEqual(insights);
});
