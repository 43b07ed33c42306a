import fs from 'node:fs';
import { HEATMAP_SCREENSHOT_MAX_BYTES } from '@limbus/contract';
import type { Browser, Page } from 'playwright-core';
import type { CaptureSettings } from '../../config.js';
import {
  CaptureError,
  checkCaptureUrl,
  pinnedResolver,
  type Resolve,
  resolveHost,
} from './capture-address.js';
import { type CaptureProxy, startCaptureProxy } from './capture-proxy.js';

/** The eye tracker's reference frame (spec 3 §2): pages are captured at this viewport. */
export const CAPTURE_VIEWPORT = { width: 1920, height: 1080 };
/** A full page is cut at this height: longer pages give screenshots no screen could show whole. */
export const CAPTURE_MAX_HEIGHT = 16_000;

/**
 * Cookie and consent banners (the usual consent platforms and the common names of home-made
 * ones): hidden before the screenshot, so that the page underneath is what the heatmap covers.
 */
const CONSENT_SELECTORS = [
  '#onetrust-consent-sdk',
  '#onetrust-banner-sdk',
  '#CybotCookiebotDialog',
  '#usercentrics-root',
  '#didomi-host',
  '#truste-consent-track',
  '.qc-cmp2-container',
  '.cc-window',
  '.cookie-banner',
  '[id*="cookie" i][role="dialog"]',
  '[class*="cookie-consent" i]',
  '[class*="cookie-banner" i]',
  '[id*="cookie-banner" i]',
  '[id*="consent-banner" i]',
  '[class*="consent-banner" i]',
  '[aria-label*="cookie" i]',
  '[aria-label*="consent" i]',
];

/**
 * Also hides fixed or sticky boxes whose text speaks of cookies or consent, and undoes the scroll
 * lock such banners put on the page. Run in the page (a string: the server has no DOM types).
 */
const HIDE_CONSENT_BOXES = `(() => {
  for (const element of document.querySelectorAll('body *')) {
    const { position } = getComputedStyle(element);
    if (position !== 'fixed' && position !== 'sticky') continue;
    if (/cookie|consent|gdpr|privacy settings/i.test(element.textContent || ''))
      element.style.setProperty('display', 'none', 'important');
  }
  document.documentElement.style.setProperty('overflow', 'auto', 'important');
  if (document.body) document.body.style.setProperty('overflow', 'auto', 'important');
})()`;

const PAGE_HEIGHT =
  'Math.max(document.documentElement.scrollHeight, document.body ? document.body.scrollHeight : 0)';
/** Whether the page shows any text yet (evaluated in the page). */
const SHOWS_TEXT = 'document.body !== null && document.body.innerText.trim().length > 0';

/**
 * Run in every frame before the page's scripts: a capture opens no WebSocket, WebTransport or
 * peer connection and starts no worker (a worker's requests are not the page's). The proxy refuses
 * what gets past this (a frame this runs late in): it is the rule, this is the first line.
 */
const REFUSE_SOCKETS_AND_WORKERS = `(() => {
  for (const name of ['WebSocket', 'WebSocketStream', 'WebTransport', 'RTCPeerConnection',
    'webkitRTCPeerConnection', 'Worker', 'SharedWorker']) {
    if (!(name in globalThis)) continue;
    const refused = function () {
      throw new DOMException(name + ' is not available while the page is captured', 'SecurityError');
    };
    try {
      Object.defineProperty(globalThis, name, { value: refused, writable: false, configurable: false });
    } catch {}
  }
})()`;

/**
 * Chromium's flags for a capture through `proxy`: every connection goes through it, loopback
 * included (Chromium sends loopback direct unless told `<-loopback>`); WebRTC sends no UDP, which
 * a proxy cannot carry (a STUN request to 127.0.0.1 left without it); there are no shared
 * workers. The test-only `browserArgs` come first so that they cannot change these.
 */
function captureArgs(proxy: CaptureProxy, browserArgs: readonly string[] = []): string[] {
  return [
    '--disable-features=IsolateOrigins,site-per-process',
    ...browserArgs,
    '--disable-shared-workers',
    '--webrtc-ip-handling-policy=disable_non_proxied_udp',
    `--proxy-server=${proxy.server}`,
    '--proxy-bypass-list=<-loopback>',
  ];
}

type RequestPaused = { requestId: string; request: { url: string }; frameId: string; resourceType: string };

/**
 * Checks every request of the page before it leaves the browser (DevTools Fetch interception,
 * which, unlike Playwright's page.route, also pauses at every redirect): a refused request is
 * failed; a refused document of the main frame is reported through `onRefused`. One check per
 * origin.
 */
async function guardRequests(
  page: Page,
  allowPrivate: boolean,
  resolve: Resolve,
  onRefused: (problem: CaptureError) => void,
): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const { frameTree } = (await cdp.send('Page.getFrameTree')) as { frameTree: { frame: { id: string } } };
  const checks = new Map<string, Promise<CaptureError | null>>();
  const problemOf = (address: string) => {
    const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(address)?.[0] ?? address;
    let check = checks.get(origin);
    if (!check) {
      check = checkCaptureUrl(address, allowPrivate, resolve).then(
        () => null,
        (error: unknown) => (error instanceof CaptureError ? error : new CaptureError(String(error))),
      );
      checks.set(origin, check);
    }
    return check;
  };
  cdp.on('Fetch.requestPaused', (event: RequestPaused) => {
    void problemOf(event.request.url)
      .then((problem) => {
        if (!problem) return cdp.send('Fetch.continueRequest', { requestId: event.requestId });
        if (event.resourceType === 'Document' && event.frameId === frameTree.frame.id) onRefused(problem);
        return cdp.send('Fetch.failRequest', { requestId: event.requestId, errorReason: 'BlockedByClient' });
      })
      .catch(() => {}); // the page closed meanwhile
  });
  await cdp.send('Fetch.enable', { patterns: [{ urlPattern: '*', requestStage: 'Request' }] });
}

export type CaptureProgress = (progress: number) => Promise<void>;

/** What to tell the user about a failure of the browser. */
function explain(error: unknown, timeoutMs: number): string {
  if (error instanceof CaptureError) return error.message;
  const message = error instanceof Error ? error.message : String(error);
  if (/Timeout|timed out/i.test(message))
    return `The page did not finish loading within ${Math.round(timeoutMs / 1000)} seconds`;
  if (/ERR_NAME_NOT_RESOLVED/.test(message)) return 'The address could not be found';
  if (/ERR_CONNECTION_REFUSED/.test(message)) return 'The web server refused the connection';
  if (/ERR_CERT|SSL/i.test(message)) return 'The page’s security certificate is not valid';
  if (/Executable doesn't exist|ENOENT|spawn/i.test(message))
    return 'No browser is installed on the server for captures; ask the administrator to set CHROMIUM_PATH';
  return `The page could not be captured (${message.split('\n')[0]})`;
}

/** What to capture: the viewport (a phone's is mobile, with touch), the full page or only the first screen. */
export type CaptureShot = {
  viewport: { width: number; height: number };
  isMobile: boolean;
  fullPage: boolean;
  /** A full page is cut at this height, px. */
  maxHeight: number;
  maxBytes: number;
};

/** The heatmap pages' shot: 1920×1080, the full page. */
const HEATMAP_SHOT: CaptureShot = {
  viewport: CAPTURE_VIEWPORT,
  isMobile: false,
  fullPage: true,
  maxHeight: CAPTURE_MAX_HEIGHT,
  maxBytes: HEATMAP_SCREENSHOT_MAX_BYTES,
};

/** The screenshot's clip: the first screen, the full page, or the page cut at `shot.maxHeight`. */
function clipOf(shot: CaptureShot, pageHeight: number) {
  const { width, height } = shot.viewport;
  if (!shot.fullPage) return { x: 0, y: 0, width, height };
  return pageHeight > shot.maxHeight ? { x: 0, y: 0, width, height: shot.maxHeight } : undefined;
}

/**
 * A PNG of `address` (by default the full page at 1920×1080) with consent banners hidden, in
 * Debian's Chromium (`settings.chromiumPath`). Every request of the page, redirects included, is
 * checked first (`checkCaptureUrl`): a refused main document fails the capture with the reason, a
 * refused sub-resource is only left out. Whatever the page's checks miss (workers, sockets, a
 * name that resolves elsewhere later), the capture's proxy refuses: Chromium connects only
 * through it, and it connects only to the addresses it checked (`capture-proxy.ts`). One pinned
 * resolver serves both, so a host has one answer for the whole capture. Time and size are
 * capped. Throws CaptureError saying why.
 */
export async function capturePage(
  address: string,
  settings: CaptureSettings,
  onProgress: CaptureProgress,
  /** Tests give their own resolver (a host name that is public to the check). */
  { resolve = resolveHost, shot = HEATMAP_SHOT }: { resolve?: Resolve; shot?: CaptureShot } = {},
): Promise<Buffer> {
  const started = Date.now();
  const remaining = () => Math.max(1000, settings.timeoutMs - (Date.now() - started));
  const pinned = pinnedResolver(resolve);
  const url = await checkCaptureUrl(address, settings.allowPrivateAddresses, pinned);
  if (!fs.existsSync(settings.chromiumPath))
    throw new CaptureError(
      'No browser is installed on the server for captures; ask the administrator to set CHROMIUM_PATH',
    );
  await onProgress(15);
  let browser: Browser | null = null;
  let refusal: CaptureError | null = null;
  let proxy: CaptureProxy | null = null;
  try {
    proxy = await startCaptureProxy({
      allowPrivate: settings.allowPrivateAddresses,
      resolve: pinned,
      dialRules: settings.dialRules,
    });
    // loaded here: half a second at every start (and in every test file) for a rare job
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({
      executablePath: settings.chromiumPath,
      args: captureArgs(proxy, settings.browserArgs),
      timeout: remaining(),
    });
    // Service workers would fetch past the guard; cross-site frames stay in the page's process so
    // that the guard sees their requests too.
    const context = await browser.newContext({
      viewport: shot.viewport,
      deviceScaleFactor: 1,
      isMobile: shot.isMobile,
      hasTouch: shot.isMobile,
      serviceWorkers: 'block',
    });
    await context.addInitScript(REFUSE_SOCKETS_AND_WORKERS);
    const page = await context.newPage();
    await guardRequests(page, settings.allowPrivateAddresses, pinned, (problem) => {
      refusal = problem;
    });
    await onProgress(30);
    const response = await page.goto(url.href, { waitUntil: 'load', timeout: remaining() });
    if (response && response.status() >= 400)
      throw (
        proxy.refusalFor(url.hostname) ??
        new CaptureError(`The page answered with HTTP status ${response.status()}`)
      );
    await page.waitForLoadState('networkidle', { timeout: Math.min(5000, remaining()) }).catch(() => {});
    // A page that draws itself in script (a single-page app) may still be blank here on a busy
    // machine: give it a while to show some text before the picture.
    await page
      .waitForFunction(SHOWS_TEXT, undefined, { timeout: Math.min(10_000, remaining()) })
      .catch(() => {});
    await onProgress(60);
    await page.addStyleTag({
      content: `${CONSENT_SELECTORS.join(',\n')} { display: none !important; }`,
    });
    await page.evaluate(HIDE_CONSENT_BOXES);
    await onProgress(75);
    const height = Number(await page.evaluate(PAGE_HEIGHT));
    const clip = clipOf(shot, height);
    const bytes = await page.screenshot({
      type: 'png',
      fullPage: shot.fullPage && !clip,
      clip,
      timeout: remaining(),
    });
    if (bytes.length > shot.maxBytes)
      throw new CaptureError(
        `The screenshot is larger than ${Math.round(shot.maxBytes / 1024 / 1024)} MB; upload a smaller image instead`,
      );
    await onProgress(90);
    return bytes;
  } catch (error) {
    const problem = refusal ?? proxy?.refusalFor(url.hostname);
    throw new CaptureError(problem ? problem.message : explain(error, settings.timeoutMs));
  } finally {
    await browser?.close().catch(() => {});
    await proxy?.close();
  }
}
