/**
 * What the first screen of an address waits for, asked for by the page's first script
 * (early-requests.ts) while the app's code still downloads: the signed-in user, the test of a
 * test's address and, on a heatmaps screen, the first heatmap page's screenshot (its largest
 * element). The app's client takes these answers instead of asking again (api/early-answers.ts).
 * Keep this file's imports small: all of them load before anything else.
 */
import { askEarly } from '../api/early-answers';
import { API_BASE } from '../api/paths';
import { readToken } from '../api/session';
import { preloadFirstScreenshot } from '../features/heatmaps/screenshot-source';

/** The addresses of a test's screens, which all wait for the test (the results layout, research). */
export const TEST_ADDRESS = /^\/(?:research\/)?(?:video-)?test\/([^/]+)(?:\/|$)/;
/** The heatmaps screens, whose largest element is the first heatmap page's screenshot. */
export const HEATMAPS_ADDRESS = /^\/(?:research\/)?test\/[^/]+\/heatmaps\/?$/;

export function askForFirstScreenData(pathname: string): void {
  const token = readToken();
  if (!token) return;
  const ask = (path: string) => askEarly(`${API_BASE}${path}`, path, token);
  ask('/users/me');
  const testId = TEST_ADDRESS.exec(pathname)?.[1];
  if (!testId || !/^\d+$/.test(testId)) return;
  const test = ask(`/tests/${testId}`);
  if (!HEATMAPS_ADDRESS.test(pathname)) return;
  void test
    .then((answer) => (answer.ok ? answer.clone().json() : null))
    .then((detail: { heatmaps?: Parameters<typeof preloadFirstScreenshot>[0] } | null) => {
      if (detail?.heatmaps) preloadFirstScreenshot(detail.heatmaps);
    })
    // the screen asks again and shows the error: nothing to do here
    .catch(() => undefined);
}
