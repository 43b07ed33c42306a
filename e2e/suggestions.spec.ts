import { expect, type Locator, type Page, test } from '@playwright/test';
import { signIn } from './support/accounts';
import { describeViolations, seriousViolations } from './support/axe';

const EMPTY = 'There are currently none, so start adding them!';

/** Calls /api/v1 with the session of the signed-in page. */
async function apiCall(page: Page, method: 'GET' | 'POST' | 'DELETE', path: string, data?: object) {
  const authorization = await page.evaluate(() => localStorage.getItem('token') ?? '');
  const response = await page.request.fetch(`/api/v1${path}`, { method, data, headers: { authorization } });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return response.status() === 204 ? null : await response.json();
}

/** A seeded done test of Acme Retail (client.admin's company), its suggestions removed first. */
async function emptiedTest(page: Page): Promise<number> {
  const tests = (await apiCall(page, 'GET', '/tests')) as { id: number; name: string }[];
  const id = tests.find((item) => item.name === 'Acme Running webshop (mobile)')?.id;
  if (!id) throw new Error('the seeded test is missing');
  const existing = (await apiCall(page, 'GET', `/tests/${id}/suggestions`)) as {
    data: { suggestions: { id: number }[] };
  };
  for (const suggestion of existing.data.suggestions)
    await apiCall(page, 'DELETE', `/tests/${id}/suggestions/${suggestion.id}`);
  return id;
}

const rows = (page: Page) => page.getByTestId('suggestion-row');
const handle = (page: Page, title: string) => page.getByRole('button', { name: `Move ${title}` });

async function expectOrder(page: Page, titles: string[]) {
  await expect(rows(page)).toHaveCount(titles.length);
  await expect(rows(page).getByRole('link')).toHaveText(titles);
  await expect(rows(page).getByLabel(/^Rank \d+$/)).toHaveText(titles.map((_, index) => String(index + 1)));
}

/** Resolves once the server has answered the rank change the page sends. */
const rankSaved = (page: Page) =>
  page.waitForResponse(
    (response) =>
      response.request().method() === 'PATCH' &&
      /\/suggestions\/\d+$/.test(new URL(response.url()).pathname) &&
      (response.request().postData() ?? '').includes('"rank"'),
  );

/** Drags with the mouse in small steps, as a person would (the sensor starts after 4 px). */
async function dragByMouse(page: Page, from: Locator, to: Locator) {
  const start = await from.boundingBox();
  const end = await to.boundingBox();
  if (!start || !end) throw new Error('nothing to drag');
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2 + 10, { steps: 5 });
  await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2 - 5, { steps: 15 });
  await page.mouse.up();
}

test('[SUGGESTIONS] suggestions are ranked by dragging and by keyboard, kept after a reload, and marked done', async ({
  page,
}) => {
  await signIn(page, 'client.admin@limbus.test');
  const testId = await emptiedTest(page);
  await page.goto(`/test/${testId}/suggestions`);
  await expect(page.getByText(EMPTY)).toBeVisible();

  // A new suggestion opens in edit mode and is saved with its rich text.
  await page.getByRole('link', { name: 'New suggestion' }).click();
  await expect(page).toHaveURL(`/test/${testId}/suggestions/new`);
  await page.getByRole('textbox', { name: 'Title' }).fill('Alpha');
  await page.getByRole('textbox', { name: 'Suggestion' }).fill('Put the button above the fold');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`/test/${testId}/suggestions/\\d+$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Alpha' })).toBeVisible();
  await expect(page.getByText('Put the button above the fold')).toBeVisible();
  for (const title of ['Bravo', 'Charlie', 'Delta'])
    await apiCall(page, 'POST', `/tests/${testId}/suggestions`, { suggestion: { title } });

  await page.goto(`/test/${testId}/suggestions`);
  await expectOrder(page, ['Alpha', 'Bravo', 'Charlie', 'Delta']);

  // Mouse: Delta onto the first place.
  const byMouse = rankSaved(page);
  await dragByMouse(page, handle(page, 'Delta'), handle(page, 'Alpha'));
  await byMouse;
  await expectOrder(page, ['Delta', 'Alpha', 'Bravo', 'Charlie']);
  await page.reload();
  await expectOrder(page, ['Delta', 'Alpha', 'Bravo', 'Charlie']);

  // Keyboard: pick Delta up with space, two places down, drop with space.
  const byKeyboard = rankSaved(page);
  // Each key waits for its announcement: on a loaded machine dnd-kit measures the rows after the
  // pick-up, and an arrow pressed before that moves nothing; a pick-up the list's re-render took
  // the focus from is tried again.
  await expect(async () => {
    await handle(page, 'Delta').focus();
    await page.keyboard.press('Space');
    // dnd-kit announces the pick-up, and at once where the row is over
    await expect(page.getByText(/^(Picked up Delta, rank 1 of 4|Delta is over rank 1 of 4)\.$/)).toBeAttached(
      {
        timeout: 3_000,
      },
    );
  }).toPass({ timeout: 30_000 });
  await page.keyboard.press('ArrowDown');
  await expect(page.getByText('Delta is over rank 2 of 4.')).toBeAttached();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByText('Delta is over rank 3 of 4.')).toBeAttached();
  await page.keyboard.press('Space');
  await byKeyboard;
  await expect(page.getByText('Delta was dropped at rank 3 of 4.')).toBeAttached();
  await expectOrder(page, ['Alpha', 'Bravo', 'Delta', 'Charlie']);
  await page.reload();
  await expectOrder(page, ['Alpha', 'Bravo', 'Delta', 'Charlie']);

  // Done saves at once; the arrows lead to the neighbours by rank.
  await rows(page).getByRole('link', { name: 'Bravo' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bravo' })).toBeVisible();
  await page.getByRole('button', { name: 'Mark as done' }).click();
  await expect(page.getByRole('button', { name: 'Done' })).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Done' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('link', { name: 'Next suggestion' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Delta' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to suggestions' }).click();
  await expect(rows(page).filter({ hasText: 'Bravo' }).getByRole('img', { name: 'Done' })).toBeVisible();
  await expect(rows(page).filter({ hasText: 'Alpha' }).getByRole('img', { name: 'Done' })).toHaveCount(0);

  // Search narrows the list; deleting asks first and renumbers.
  await page.getByRole('textbox', { name: 'Search suggestions' }).fill('charl');
  await expect(rows(page).getByRole('link')).toHaveText(['Charlie']);
  await expect(rows(page).getByLabel('Rank 4')).toBeVisible();
  await expect(handle(page, 'Charlie')).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Search suggestions' }).fill('');
  await rows(page).getByRole('link', { name: 'Alpha' }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Are you sure?!')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(`/test/${testId}/suggestions`);
  await expectOrder(page, ['Bravo', 'Delta', 'Charlie']);
});

test.describe('accessibility', () => {
  // axe is injected as an inline script, which the product's Content-Security-Policy rightly forbids
  test.use({ bypassCSP: true });

  test('[SUGGESTIONS] the list, a suggestion and its editor have no critical or serious axe violations', async ({
    page,
  }) => {
    await signIn(page, 'client.admin@limbus.test');
    const testId = await emptiedTest(page);
    const created = (await apiCall(page, 'POST', `/tests/${testId}/suggestions`, {
      suggestion: {
        title: 'Readable',
        suggestion: '<p>Short <em>text</em></p>',
        effort: 2,
        impact: 3,
        next_step: 1,
      },
    })) as { data: { id: number } };
    await apiCall(page, 'POST', `/tests/${testId}/suggestions`, { suggestion: { title: 'Second' } });
    const expectNoViolations = async () => {
      const violations = await seriousViolations(page);
      expect(
        violations.map((violation) => violation.id),
        describeViolations(violations),
      ).toEqual([]);
    };

    await page.goto(`/test/${testId}/suggestions`);
    await expectOrder(page, ['Readable', 'Second']);
    await expectNoViolations();
    await page.goto(`/test/${testId}/suggestions/${created.data.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Readable' })).toBeVisible();
    await expectNoViolations();
    await page.getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByRole('textbox', { name: 'Additional info' })).toBeVisible();
    await expectNoViolations();
  });
});
