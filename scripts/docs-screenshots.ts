/**
 * The screenshots of docs/images: signs in as the demo roles in Debian's Chromium against a running
 * product with the demo seed, opens each documented screen at desktop width and writes its PNG.
 * Usage: npm start (in another shell), then
 *   npx tsx scripts/docs-screenshots.ts [--base http://127.0.0.1:3000] [--only results-journey,…]
 */
import path from 'node:path';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';

const PASSWORD = 'limbus-demo';
const OUT = path.resolve(import.meta.dirname, '../docs/images');
const WIDTH = 1440;
const MAX_HEIGHT = 2400;
const DESKTOP_TEST = 'Acme Running webshop (desktop)';
const MOBILE_TEST = 'Acme Running webshop (mobile)';
const VIDEO_TEST = 'Runner 2: feel lighter (commercial)';

type Ids = { desktop: string; mobile: string; video: string };
type Shot = {
  name: string;
  role: 'client.admin' | 'researcher' | 'demo';
  path: (ids: Ids) => string;
  /** What to do on the screen before the picture (a tab to open, say). */
  prepare?: (page: Page) => Promise<void>;
  /** The part of the screen to picture when it lies below the picture's height. */
  part?: (page: Page) => Locator;
};

/** A choice of a segmented control (the Info selector of Pages and Tags). */
const choice = (name: string) => async (page: Page) => {
  await page
    .locator('label', { hasText: new RegExp(`^${name}$`) })
    .first()
    .click();
};
/** The first participant's replay, through its link in the participants list. */
const firstRecording = async (page: Page) => {
  await page.locator('a[href$="/recording"]').first().click();
  await page.waitForURL(/\/recording$/);
  // a demo participant's screen recording is made on its first view
  await page.locator('video').first().waitFor({ timeout: 180_000 });
};

/** Makes a 7-day share link of the test (through the API, as the signed-in user) and opens it as its visitor. */
const openShareLink = async (page: Page, testId: string, link: { scope: string; insight_id?: number }) => {
  const token = await page.evaluate<string | null>("localStorage.getItem('token')");
  const response = await page.request.post(
    new URL(`/api/v1/tests/${testId}/share_links`, page.url()).toString(),
    { headers: { Authorization: token ?? '' }, data: { share_link: { ...link, expires_in_days: 7 } } },
  );
  const { path: visitorPath } = (await response.json()) as { path: string };
  await page.goto(new URL(visitorPath, page.url()).toString());
};

/** Opens a remote cohort of the screen's test (through the API, as the signed-in researcher) and shows it listed. */
const withRemoteCohort = async (page: Page) => {
  const testId = page.url().match(/\/research\/test\/(\d+)\//)?.[1] ?? '';
  const token = await page.evaluate<string | null>("localStorage.getItem('token')");
  await page.request.post(new URL(`/api/v1/tests/${testId}/remote_cohorts`, page.url()).toString(), {
    headers: { Authorization: token ?? '' },
    data: { remote_cohort: { cap: 150, expires_in_days: 14 } },
  });
  await page.reload();
  await page.getByRole('table', { name: 'Remote cohorts of this test' }).waitFor();
};

/** A link to the desktop test, as its visitor sees it, on its list of insights. */
const sharedView = async (page: Page) => {
  await openShareLink(page, page.url().match(/\/test\/(\d+)\//)?.[1] ?? '', { scope: 'test' });
  await page.getByRole('tab', { name: 'Insights' }).click();
  await page.getByRole('article').first().waitFor();
};

/** A GET of the API as the signed-in user. */
const apiGet = async <T>(page: Page, apiPath: string): Promise<T> => {
  const token = await page.evaluate<string | null>("localStorage.getItem('token')");
  const response = await page.request.get(new URL(`/api/v1${apiPath}`, page.url()).toString(), {
    headers: { Authorization: token ?? '' },
  });
  return (await response.json()) as T;
};

/** The id of the test's insight 1: the demo publishes its evidence reel in the background. */
const firstInsightId = async (page: Page, testId: string) => {
  const answer = await apiGet<{ data: { insights: { id: number; assigned_id: number }[] } }>(
    page,
    `/tests/${testId}/insights`,
  );
  const first = answer.data.insights.find((insight) => insight.assigned_id === 1);
  if (!first) throw new Error(`test ${testId} has no insight 1`);
  return first.id;
};

/** The client's insight 1 with its published reel (made within minutes of the first start). */
const insightWithReel = async (page: Page) => {
  const testId = page.url().match(/\/test\/(\d+)\//)?.[1] ?? '';
  await page.goto(
    new URL(`/test/${testId}/insights/${await firstInsightId(page, testId)}`, page.url()).toString(),
  );
  await page.getByRole('region', { name: 'Evidence reel' }).locator('video').waitFor({ timeout: 600_000 });
};

/** The research insights screen with insight 1 open on its reel editor. */
const reelEditor = async (page: Page) => {
  const testId = page.url().match(/\/test\/(\d+)\//)?.[1] ?? '';
  const url = `/research/test/${testId}/insights?open=${await firstInsightId(page, testId)}`;
  await page.goto(new URL(url, page.url()).toString());
  await page.getByRole('list', { name: 'Clips in order' }).waitFor({ timeout: 600_000 });
};

/** A new reel link to insight 1's published reel, opened as its visitor sees it. */
const sharedReel = async (page: Page) => {
  await insightWithReel(page);
  const [, testId = '', insightId] = page.url().match(/\/test\/(\d+)\/insights\/(\d+)/) ?? [];
  await openShareLink(page, testId, { scope: 'reel', insight_id: Number(insightId) });
  await page.locator('section[aria-labelledby="shared-reel-title"] video').waitFor();
};

const SHOTS: Shot[] = [
  { name: 'results-insights', role: 'client.admin', path: (t) => `/test/${t.desktop}/insights` },
  { name: 'results-locked', role: 'client.admin', path: (t) => `/test/${t.mobile}/locked` },
  {
    name: 'shared-view',
    role: 'client.admin',
    path: (t) => `/test/${t.desktop}/overview`,
    prepare: sharedView,
  },
  { name: 'organisation-share-links', role: 'client.admin', path: () => '/organisation/share-links' },
  {
    name: 'results-insight-reel',
    role: 'client.admin',
    path: (t) => `/test/${t.desktop}/insights`,
    prepare: insightWithReel,
  },
  {
    name: 'shared-reel',
    role: 'client.admin',
    path: (t) => `/test/${t.desktop}/insights`,
    prepare: sharedReel,
  },
  {
    name: 'results-pages-feedback',
    role: 'client.admin',
    path: (t) => `/test/${t.desktop}/page-insights`,
    prepare: choice('Feedback'),
  },
  {
    name: 'results-tags-feedback',
    role: 'client.admin',
    path: (t) => `/test/${t.desktop}/tags`,
    prepare: choice('Feedback'),
  },
  { name: 'results-heatmaps', role: 'client.admin', path: (t) => `/test/${t.desktop}/heatmaps` },
  {
    name: 'results-recording',
    role: 'client.admin',
    path: (t) => `/test/${t.desktop}/participants`,
    prepare: firstRecording,
  },
  { name: 'results-journey', role: 'client.admin', path: (t) => `/test/${t.desktop}/journey` },
  { name: 'results-benchmark', role: 'client.admin', path: (t) => `/test/${t.desktop}/benchmark` },
  { name: 'results-section-video', role: 'client.admin', path: (t) => `/test/${t.desktop}/section-video` },
  { name: 'video-summary', role: 'client.admin', path: (t) => `/video-test/${t.video}/summary` },
  { name: 'video-scenes', role: 'client.admin', path: (t) => `/video-test/${t.video}/scenes` },
  {
    name: 'video-dynamic-analysis',
    role: 'client.admin',
    path: (t) => `/video-test/${t.video}/dynamic-analysis`,
  },
  { name: 'video-moments', role: 'client.admin', path: (t) => `/video-test/${t.video}/moments` },
  {
    name: 'video-qualitative-feedback',
    role: 'client.admin',
    path: (t) => `/video-test/${t.video}/qualitative-feedback`,
  },
  { name: 'predictions-heatmaps', role: 'client.admin', path: () => '/predictions/heatmaps' },
  {
    name: 'research-suggestions',
    role: 'researcher',
    path: (t) => `/research/test/${t.desktop}/suggestions`,
  },
  { name: 'research-heatmaps', role: 'researcher', path: (t) => `/research/test/${t.desktop}/heatmaps` },
  {
    name: 'research-reel-editor',
    role: 'researcher',
    path: (t) => `/research/test/${t.desktop}/insights`,
    prepare: reelEditor,
    part: (page) => page.getByRole('region', { name: 'Evidence reel' }),
  },
  {
    name: 'research-remote-cohorts',
    role: 'researcher',
    path: (t) => `/research/test/${t.mobile}/remote-cohorts`,
    prepare: withRemoteCohort,
  },
  { name: 'results-introduction', role: 'demo', path: (t) => `/test/${t.desktop}/demo` },
];

const args = process.argv.slice(2);
const option = (name: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
};
const base = option('base') ?? 'http://127.0.0.1:3000';
const only = option('only')?.split(',');
/** The client admin's test ids, read first (its shots come first) and reused for the researcher. */
let clientIds: Ids | undefined;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
try {
  const wanted = SHOTS.filter((shot) => !only || only.includes(shot.name));
  for (const role of ['client.admin', 'researcher', 'demo'] as const) {
    const shots = wanted.filter((shot) => shot.role === role);
    if (shots.length > 0) await takeShots(browser, role, shots);
  }
} finally {
  await browser.close();
}

async function takeShots(browser: Browser, role: Shot['role'], shots: Shot[]) {
  const page = await browser.newPage({ viewport: { width: WIDTH, height: 900 } });
  await signIn(page, `${role}@limbus.test`);
  // researchers see the client's tests under the same ids; the demo user has tests of its own
  const ids = role === 'researcher' && clientIds ? clientIds : await testIds(page, role);
  if (role === 'client.admin') clientIds = ids;
  for (const shot of shots) {
    await page.goto(`${base}${shot.path(ids)}`);
    await page.waitForLoadState('networkidle');
    await shot.prepare?.(page);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1500); // charts animate in
    const height = await page.evaluate('document.documentElement.scrollHeight');
    const file = path.join(OUT, `${shot.name}.png`);
    if (shot.part) await shot.part(page).screenshot({ path: file });
    else
      await page.screenshot({
        path: file,
        fullPage: true,
        clip: { x: 0, y: 0, width: WIDTH, height: Math.min(Number(height), MAX_HEIGHT) },
      });
    console.log(`${file} (${page.url().replace(base, '')})`);
  }
  await page.close();
}

async function signIn(page: Page, email: string) {
  await page.goto(`${base}/signup`);
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/(home|demo)$/);
}

/** The seeded tests' ids, read from their links on /tests. */
async function testIds(page: Page, role: Shot['role']): Promise<Ids> {
  await page.goto(`${base}/tests`);
  const idOf = async (name: string) => {
    const link = page.getByRole('link', { name, exact: true }).first();
    await link.waitFor();
    const id = (await link.getAttribute('href'))?.match(/\/(\d+)(\/|$)/)?.[1];
    if (!id) throw new Error(`no id in the link of ${name}`);
    return id;
  };
  if (role === 'demo') {
    await page.locator('a[href^="/test/"]').first().waitFor();
    const [desktop] = await page
      .getByRole('link')
      .evaluateAll((links) =>
        links.map((link) => link.getAttribute('href')?.match(/^\/test\/(\d+)(\/|$)/)?.[1]).filter(Boolean),
      );
    return { desktop: String(desktop), mobile: '', video: '' };
  }
  return {
    desktop: await idOf(DESKTOP_TEST),
    mobile: await idOf(MOBILE_TEST),
    video: await idOf(VIDEO_TEST),
  };
}
