/**
 * A screen's first load on a throttled phone, in a real Chromium (DevTools throttling: 150 ms round
 * trip, 1.6 Mbps down, 4× slower CPU; 412 px at 1.75×), signed in as a demo user, cache off:
 * the first and the largest paint, and when the test's detail and a heatmap screenshot arrived.
 * Lighthouse simulates such a phone from one fast load; this loads it for real, which is slower to
 * run but steadier. Run it against a running product (npm start), alone on the machine:
 *
 *   BASE=http://127.0.0.1:3000 npx tsx bench/first-load.ts /test/7/heatmaps /account [--runs 5]
 */
import { chromium } from 'playwright-core';
import { signedInPhonePage } from './phone-page';

type Load = { firstPaint: number; largestPaint: number; testAnswered: number; screenshot: number };

const base = (process.env.BASE ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 5;
const paths = args.filter((arg, index) => !arg.startsWith('--') && index !== runsAt + 1);
const who = process.env.WHO ?? 'client.admin@limbus.test';

async function loadOnce(browser: Awaited<ReturnType<typeof chromium.launch>>, path: string): Promise<Load> {
  const { context, page } = await signedInPhonePage(browser, base, who);
  const devtools = await context.newCDPSession(page);
  await devtools.send('Network.enable');
  await devtools.send('Network.setCacheDisabled', { cacheDisabled: true });
  await devtools.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: 1.6e6 / 8,
    uploadThroughput: 750e3 / 8,
  });
  await devtools.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  // scripts as text: they run in the page, which has neither this file's types nor tsx's helpers
  await page.addInitScript(`
    window.largestPaint = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.largestPaint = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  `);
  await page.goto(base + path, { waitUntil: 'networkidle', timeout: 90_000 });
  await page.waitForTimeout(1000);
  const load = (await page.evaluate(`(() => {
    const resources = performance.getEntriesByType('resource');
    const endOf = (pattern) => resources.find((entry) => pattern.test(entry.name))?.responseEnd ?? Number.NaN;
    return {
      firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      largestPaint: window.largestPaint,
      testAnswered: endOf(/\\/api\\/v1\\/tests\\/\\d+$/),
      screenshot: endOf(/heatmap_screenshots/),
    };
  })()`)) as Load;
  await context.close();
  return load;
}

const median = (values: number[]) => {
  const known = values.filter(Number.isFinite).sort((a, b) => a - b);
  return known.length ? Math.round(known[Math.floor(known.length / 2)] ?? Number.NaN) : Number.NaN;
};
const shown = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : '–');

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  console.log('| screen | first paint | largest paint | test answered | screenshot |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const path of paths) {
    const loads: Load[] = [];
    for (let run = 0; run < runs; run++) loads.push(await loadOnce(browser, path));
    const of = (key: keyof Load) => shown(median(loads.map((load) => load[key])));
    console.log(
      `| ${path} | ${of('firstPaint')} | ${of('largestPaint')} | ${of('testAnswered')} | ${of('screenshot')} |`,
    );
  }
} finally {
  await browser.close();
}
