import { expect, type Page, test } from '@playwright/test';
import { signIn } from './support/accounts';

/** Provider staff with the research licence (demo seed). */
const RESEARCHER = 'researcher@limbus.test';

/** Calls the API as the signed-in user of `page`. */
async function api<T>(
  page: Page,
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  data?: unknown,
): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await page.request.fetch(`/api/v1${path}`, {
    method,
    headers: { Authorization: token ?? '' },
    data,
  });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return response.json() as Promise<T>;
}

type Point = { id: number; false_positive: boolean };

/** A seeded desktop test's participant with significant points. */
async function recordedParticipant(page: Page) {
  const tests = await api<{ id: number; platform: string; state: string }[]>(page, 'GET', '/tests');
  for (const candidate of tests.filter((row) => row.platform === 'desktop' && row.state === 'done')) {
    for (const row of await api<{ id: number }[]>(page, 'GET', `/tests/${candidate.id}/participants`)) {
      const detail = await api<{ significant_points: Point[] }>(
        page,
        'GET',
        `/tests/${candidate.id}/participants/${row.id}?associations=significant_points`,
      );
      const points = detail.significant_points.filter((point) => !point.false_positive);
      // the AI writes only from participants who consented to AI processing
      const { data: consent } = await api<{ data: { current: { purposes: string[] } | null } }>(
        page,
        'GET',
        `/tests/${candidate.id}/participants/${row.id}/consent`,
      );
      if (points.length >= 2 && consent.current?.purposes.includes('ai'))
        return { testId: candidate.id, participantId: row.id, points };
    }
  }
  throw new Error('the demo seed has no desktop participant with significant points and consent to AI');
}

test('[RESEARCH] a researcher has the AI write an insight’s explanation, summary and suggestion, and is asked before text is overwritten', async ({
  page,
}) => {
  await signIn(page, RESEARCHER);
  const { testId, participantId, points } = await recordedParticipant(page);
  const title = `AI insight ${Date.now().toString(36)}`;
  const { data: insight } = await api<{ data: { id: number; assigned_id: number } }>(
    page,
    'POST',
    `/tests/${testId}/insights`,
    { insight: { title } },
  );
  await api(page, 'PATCH', `/tests/${testId}/insights/${insight.id}`, {
    insight: { significant_points_ids: points.slice(0, 2).map((point) => point.id) },
  });

  await page.goto(`/research/test/${testId}/participants/${participantId}`);
  await page.getByRole('button', { name: title, exact: true }).click();
  const field = (name: string) => page.getByRole('textbox', { name, exact: true });

  // the explanation holds only the '...' placeholder: it is written at once, from the linked points
  await page.getByRole('button', { name: 'Generate explanation' }).click();
  await expect(field('Explanation')).toContainText(/had a significant moment here, 2 moments in all/);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByRole('button', { name: 'Generate summary' }).click();
  // the summary adds to the title (issue 26): who showed it, out of how many, with the interval
  await expect(field('Summary')).toContainText(
    /^1 of \d+ participants \(\d+ %, 95 % CI \d+–\d+ %\) showed it/,
  );
  // written text is replaced only after the question
  await page.getByRole('button', { name: 'Generate summary' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('This will overwrite your existing summary. Do you want to proceed?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);

  await page.getByRole('button', { name: 'Generate suggestion' }).click();
  // the verb follows the points' emotion: improve what frustrates, build on what pleases
  await expect(field('Suggestion')).toContainText(/Improve|Build on/);

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('saved', { exact: true })).toBeVisible();
  const saved = await api<{ data: { explanation: string; summary: string; suggestion: string } }>(
    page,
    'GET',
    `/tests/${testId}/insights/${insight.id}`,
  );
  expect(saved.data.explanation).toContain('2 moments in all');
  expect(saved.data.summary).toMatch(/^<p>1 of \d+ participants /);
  expect(saved.data.suggestion).toMatch(/<strong>(Improve|Build on)/);
});
