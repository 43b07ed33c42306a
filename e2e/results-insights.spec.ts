import fs from 'node:fs';
import { INSIGHT_PDF_COMMENT_MAX } from '@limbus/contract';
import { EVENT_KINDS } from '@limbus/demo-data';
import { expect, type Page, test } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { signIn } from './support/accounts';

const TEST_NAME = 'Acme Running webshop (desktop)';

// pdfjs (which reads the PDF back) needs Promise.withResolvers, new in Node 22; Node 20 is supported too.
(Promise as { withResolvers?: unknown }).withResolvers ??= <T>() => {
  let resolve!: (value: T | PromiseLike<T>) => void;
  let reject!: (reason?: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

/** The text of each page of a PDF file, white space collapsed. */
async function pdfPages(file: string): Promise<string[]> {
  const document = await getDocument({ data: new Uint8Array(fs.readFileSync(file)), verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(
      content.items
        .map((item) => ('str' in item ? item.str : ''))
        .join(' ')
        .replace(/\s+/g, ' '),
    );
  }
  return pages;
}

/** The seeded comments longer than the PDF's cut, in both languages. */
const LONG_COMMENTS = Object.values(EVENT_KINDS)
  .flatMap((kind) => [...kind.nl, ...kind.en])
  .filter((comment) => comment.length > INSIGHT_PDF_COMMENT_MAX);

async function openResults(page: Page): Promise<string> {
  await page.goto('/tests');
  await page.getByRole('link', { name: TEST_NAME, exact: true }).first().click();
  await expect(page).toHaveURL(/\/test\/\d+\/overview\/?$/);
  return page.url().match(/\/test\/(\d+)\//)?.[1] ?? '';
}

test('[RESULTS] a client admin reads the overview, steps through the insights and downloads the Insights PDF', async ({
  page,
}) => {
  test.setTimeout(120_000); // every insight in turn, then a PDF drawn in the browser (11 s on a quiet machine)
  expect(LONG_COMMENTS.length).toBeGreaterThan(0);
  await signIn(page, 'client.admin@limbus.test');
  const id = await openResults(page);

  // the overview: figures, the top pages, tags and the most important insights
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await expect(page.getByRole('group', { name: /^Participants: \d+$/ })).toBeVisible();
  await expect(
    page.getByRole('group', { name: /^Average time to complete \(mm:ss\): \d\d:\d\d$/ }),
  ).toBeVisible();
  const topPages = page.getByRole('region', { name: 'Pages by frustration' });
  await expect(topPages.getByRole('listitem')).toHaveCount(3);
  await expect(topPages).toContainText(
    /Frustration \d+ % (above|below) the mean of this test’s pages \(n = \d+/,
  );
  // issue 26: the interval is a range on a bar with a scale
  await expect(topPages.getByRole('img', { name: /^Frustration of .+: .+ \(n = \d+, 95 % CI / })).toHaveCount(
    3,
  );
  await expect(page.getByRole('region', { name: 'Top tags' }).getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('img', { name: /Mean joy, attention and frustration/ })).toBeVisible();
  const insights = page.getByRole('region', { name: 'Most important insights' });
  await insights.getByRole('link', { name: /^1\. / }).click();

  // insight 1: the moment, the sections, the translated comments
  await expect(page).toHaveURL(new RegExp(`/test/${id}/insights/\\d+$`));
  await expect(page.getByText(/^Insight 1 of \d+/)).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Highlighted moment' }).getByRole('blockquote'),
  ).toBeVisible();
  for (const section of ['Data', 'Explanation', 'Suggestions', 'Supporting data'])
    await expect(page.getByRole('heading', { name: section, exact: true })).toBeVisible();
  // issue 26: an English reader (the browser's language) reads the translations first, the
  // highlight and the supporting cards alike; the toggle names the original's language
  const toggle = page.getByRole('radiogroup', { name: 'Language of participants’ words' });
  await expect(toggle.getByRole('radio', { name: 'English' })).toBeChecked();
  const quotes = page.getByRole('region', { name: 'Supporting data' }).getByText(/^“/);
  const english = await quotes.allTextContents();
  await toggle.getByText('Original (Dutch)', { exact: true }).click();
  await expect(quotes).not.toHaveText(english);
  await toggle.getByText('English', { exact: true }).click();
  await expect(quotes).toHaveText(english);
  await expect(page.getByRole('button', { name: 'Previous insight' })).toBeDisabled();

  // next, to the last insight, where next stops
  const total = Number((await page.getByText(/^Insight 1 of \d+/).textContent())?.match(/of (\d+)/)?.[1]);
  for (let number = 2; number <= total; number += 1) {
    await page.getByRole('link', { name: 'Next insight' }).click();
    await expect(page.getByText(new RegExp(`^Insight ${number} of ${total}`))).toBeVisible();
  }
  await expect(page.getByRole('button', { name: 'Next insight' })).toBeDisabled();

  // the PDF: one page per insight, real text, comments cut at 190 characters
  await page.getByRole('link', { name: 'Back to insights' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Insights PDF' }).click();
  const file = await (await download).path();
  const pages = await pdfPages(file);
  expect(pages).toHaveLength(total);
  expect(pages[0]).toContain(`Insight 1 of ${total}`);
  // the participants' comments of each page, after its heading (the explanation may quote in full)
  const said = pages.map((text) => text.split('What participants said')[1] ?? '').join(' ');
  const cut = LONG_COMMENTS.find((comment) => said.includes(comment.slice(0, 60).replace(/\s+/g, ' ')));
  expect(cut, 'a long seeded comment is in the PDF').toBeDefined();
  const kept = (cut ?? '').slice(0, INSIGHT_PDF_COMMENT_MAX).replace(/\s+/g, ' ');
  expect(said).toContain(`${kept.slice(-30)}…”`);
  expect(said).not.toContain((cut ?? '').slice(INSIGHT_PDF_COMMENT_MAX + 5));
});

test('[RESULTS] issue 26: a reader who chooses Dutch on the account reads the Dutch originals first', async ({
  page,
}) => {
  await signIn(page, 'client.member@limbus.test');
  await page.goto('/account');
  const language = page.getByRole('combobox', { name: 'Language of participants’ words' });
  await expect(language).toHaveValue('Your browser’s language (English)');
  await language.click();
  await page.getByRole('option', { name: 'Dutch (Nederlands)' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your account has been saved.')).toBeVisible();
  try {
    await openResults(page);
    await page
      .getByRole('region', { name: 'Most important insights' })
      .getByRole('link', { name: /^1\. / })
      .click();
    const toggle = page.getByRole('radiogroup', { name: 'Language of participants’ words' });
    await expect(toggle.getByRole('radio', { name: 'Original (Dutch)' })).toBeChecked();
  } finally {
    // back to the browser's language, so that other journeys read as before
    await page.goto('/account');
    await page.getByRole('combobox', { name: 'Language of participants’ words' }).click();
    await page.getByRole('option', { name: /^Your browser’s language/ }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your account has been saved.')).toBeVisible();
  }
});

test('[RESULTS] a researcher adds two feedback items to an insight', async ({ page }) => {
  await signIn(page, 'researcher@limbus.test');
  await page.goto('/research');
  // the seed's tests fill more than the list's first page: find it by its name
  await page.getByRole('textbox', { name: 'Search tests' }).fill(TEST_NAME);
  const href = await page
    .getByRole('link', { name: `View ${TEST_NAME}` })
    .first()
    .getAttribute('href');
  const id = href?.match(/\/test\/(\d+)\//)?.[1];
  await page.goto(`/research/test/${id}/insights`);
  await expect(page.getByRole('heading', { name: `Insights · ${TEST_NAME}` })).toBeVisible();

  const feedback = page.getByRole('region', { name: 'Feedback' });
  const items = feedback.getByRole('checkbox');
  await expect(items.first()).toBeVisible();
  await items.nth(0).check();
  await items.nth(1).check();
  await feedback.getByRole('combobox', { name: 'Insight' }).click();
  await page.getByRole('option', { name: /^11\. / }).click();
  // insight 11's card in the panel's list, as the client reads it
  const card = page.getByRole('article').filter({ has: page.getByLabel('Insight 11', { exact: true }) });
  const before = Number((await card.getByText(/^\d+ data points?$/).textContent())?.match(/\d+/)?.[0]);
  await feedback.getByRole('button', { name: 'Add 2 to insight' }).click();
  await expect(feedback.getByRole('status')).toHaveText('Added 2 feedback items to insight 11.');
  await expect(card.getByText(/^\d+ data points?$/)).toHaveText(`${before + 2} data points`);
});
