import { expect, type Page } from '@playwright/test';
import { RESOURCE_CONFIRM_DELETE, RESOURCE_IMAGE_REFUSED } from '../packages/contract/src/resources.js';
import { signIn, test } from './support/accounts';
import { describeViolations, seriousViolations } from './support/axe';

/** A user of the provider company (Limbus), who writes the library. */
const AUTHOR = 'researcher@limbus.test';
/** A client user, who reads published articles only. */
const READER = 'client.member@limbus.test';

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Chooses a file through the file chooser that clicking `button` opens. */
async function chooseFile(
  page: Page,
  button: string,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button }).click();
  await (await chooser).setFiles(file);
}

/** The reader's view of the list and of the article: both follow the published state. */
async function expectReaderSees(reader: Page, title: string, path: string, visible: boolean) {
  await reader.goto('/resources');
  await expect(reader.getByRole('heading', { level: 1, name: 'Resources' })).toBeVisible();
  await expect(reader.getByRole('list', { name: 'Resources' }).getByRole('article').first()).toBeVisible();
  await expect(reader.getByRole('link', { name: title })).toHaveCount(visible ? 1 : 0);
  await reader.goto(path);
  if (visible) {
    await expect(reader.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(reader.getByText('Draft', { exact: true })).toHaveCount(0);
  } else {
    await expect(reader.getByText('This article was not found')).toBeVisible();
  }
}

test('[RESOURCES] a provider user writes, publishes and unpublishes an article; a client user sees it only while published', async ({
  signedInAs,
}) => {
  // two signed-in users, an editor with uploads and a dozen page loads: over a minute on a busy machine
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const title = `Reading heatmaps ${stamp}`;
  const tag = `heatmaps-${stamp}`;
  const author = await signedInAs(AUTHOR);

  // the author writes a draft with a cover, tags, text and an image in the text
  await author.goto('/resources');
  await author.getByRole('link', { name: 'New resource' }).click();
  await expect(author).toHaveURL(/\/resources\/new$/);
  await author.getByLabel('Title').fill(title);
  await author.getByRole('combobox', { name: 'Type', exact: true }).click();
  await author.getByRole('option', { name: 'Blog' }).click();
  const tags = author.getByRole('combobox', { name: 'Tags' });
  await tags.fill(tag);
  await tags.press('Enter');
  await tags.press('Escape');
  // a text file named .png is refused with the server's message
  await chooseFile(author, 'Upload image', {
    name: 'fake.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not an image'),
  });
  await expect(author.getByText(RESOURCE_IMAGE_REFUSED)).toBeVisible();
  await chooseFile(author, 'Upload image', { name: 'cover.png', mimeType: 'image/png', buffer: PNG });
  await expect(author.getByRole('img', { name: 'Cover preview' })).toBeVisible();
  const text = author.getByRole('textbox', { name: 'Text' });
  await text.click();
  await author.keyboard.type('Gaze shows where people look, not what they understood.');
  await chooseFile(author, 'Insert image', { name: 'gaze-chart.png', mimeType: 'image/png', buffer: PNG });
  await expect(text.getByRole('img', { name: 'gaze-chart' })).toBeVisible();
  await author.getByRole('button', { name: 'Save draft' }).click();

  await expect(author).toHaveURL(/\/resources\/\d+$/);
  const path = new URL(author.url()).pathname;
  await expect(author.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(author.getByText('Draft', { exact: true })).toBeVisible();
  await expect(author.getByRole('img', { name: 'gaze-chart' })).toBeVisible();

  // a client user does not see the draft
  const reader = await signedInAs(READER);
  await expectReaderSees(reader, title, path, false);

  // published: the client sees it, with its text and image, and finds it by its tag
  await author.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(author.getByText('Draft', { exact: true })).toHaveCount(0);
  await expectReaderSees(reader, title, path, true);
  await expect(reader.getByText('Gaze shows where people look')).toBeVisible();
  await expect(reader.getByRole('img', { name: 'gaze-chart' })).toBeVisible();
  await reader.getByRole('link', { name: `#${tag}` }).click();
  await expect(reader).toHaveURL(`/resources?tag=${tag}`);
  await expect(reader.getByPlaceholder('Search on title or tags')).toHaveValue(tag);
  await expect(reader.getByRole('list', { name: 'Resources' }).getByRole('article')).toHaveCount(1);

  // the client has no authoring controls and cannot open the editor
  await reader.goto(path);
  await expect(reader.getByRole('button', { name: 'Unpublish', exact: true })).toHaveCount(0);
  await expect(reader.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await reader.goto(`${path}/edit`);
  await expect(reader.getByText('You cannot write resources')).toBeVisible();
  await reader.goto('/resources/new');
  await expect(reader.getByText('You cannot write resources')).toBeVisible();

  // unpublished again: gone for the client
  await author.getByRole('button', { name: 'Unpublish', exact: true }).click();
  await expect(author.getByText('Draft', { exact: true })).toBeVisible();
  await expectReaderSees(reader, title, path, false);

  // the author deletes it after the confirmation
  await author.getByRole('button', { name: 'Delete' }).click();
  const dialog = author.getByRole('dialog');
  await expect(dialog.getByText(RESOURCE_CONFIRM_DELETE)).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(author).toHaveURL(/\/resources$/);
  await expect(author.getByRole('link', { name: title })).toHaveCount(0);
});

test.describe('accessibility', () => {
  // axe is injected as an inline script, which the product's Content-Security-Policy rightly forbids
  test.use({ bypassCSP: true });

  test('[ACCESSIBILITY] /resources and an article have no critical or serious axe violations', async ({
    page,
  }) => {
    await signIn(page, READER);
    await page.goto('/resources');
    const cards = page.getByRole('list', { name: 'Resources' }).getByRole('article');
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeGreaterThanOrEqual(5);
    let violations = await seriousViolations(page);
    expect(
      violations.map((violation) => violation.id),
      describeViolations(violations),
    ).toEqual([]);

    await cards.first().getByRole('heading').getByRole('link').click();
    await expect(page.getByRole('link', { name: 'Back to resources' })).toBeVisible();
    violations = await seriousViolations(page);
    expect(
      violations.map((violation) => violation.id),
      describeViolations(violations),
    ).toEqual([]);
  });
});
