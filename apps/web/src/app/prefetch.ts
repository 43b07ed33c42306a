import type { TestDetail } from '@limbus/contract';
import type { QueryClient } from '@tanstack/react-query';
import { getSession } from '../api';
import { currentUserQuery } from '../features/account/api';
import { FIRST_VIEW, heatmapPointsQuery, heatmapsQuery } from '../features/heatmaps/api';
import { preloadFirstScreenshot } from '../features/heatmaps/screenshot-source';
import { participantsQuery } from '../features/participants/api';
import { testKeys, testQuery } from '../features/tests/api';

/** The addresses of a test's screens, which all wait for the test (the results layout, research). */
const TEST_ADDRESS = /^\/(?:research\/)?(?:video-)?test\/([^/]+)(?:\/|$)/;
/** The heatmaps screens, whose largest element is the first heatmap page's screenshot. */
const HEATMAPS_ADDRESS = /^\/(?:research\/)?test\/[^/]+\/(?:participant\/(\d+)\/heatmap|heatmaps)\/?$/;

/**
 * Asks for the data the first screen shows while its code still loads, and resolves when all of it
 * has arrived (or failed: the screen then shows the error). On a phone the screen otherwise asked
 * for the signed-in user and the test only after the chunks that render them had arrived (one
 * round trip after another), and every answer that came after the screen had mounted rendered it
 * again in one long task (react-query's store updates are never time-sliced).
 */
export function prefetchDataOf(queryClient: QueryClient, pathname: string): Promise<void> {
  if (!getSession().token) return Promise.resolve();
  const user = queryClient.prefetchQuery(currentUserQuery());
  const testId = TEST_ADDRESS.exec(pathname)?.[1];
  if (!testId) return user;
  const test = queryClient
    .prefetchQuery(testQuery(testId))
    .then(() => queryClient.getQueryData<TestDetail>(testKeys.detail(testId)))
    .then((detail) => detail && prefetchScreenData(queryClient, pathname, detail));
  return Promise.all([user, test]).then(() => undefined);
}

/** The data of the screen at `pathname` that needs the test's detail to be asked for. */
async function prefetchScreenData(queryClient: QueryClient, pathname: string, test: TestDetail) {
  const heatmaps = HEATMAPS_ADDRESS.exec(pathname);
  if (!heatmaps) return;
  // The detail names the heatmap pages: the first one's screenshot and points are asked for with it.
  preloadFirstScreenshot(test.heatmaps);
  const first = test.heatmaps[0];
  const participantId = heatmaps[1] ? Number(heatmaps[1]) : undefined;
  await Promise.all([
    queryClient.prefetchQuery(heatmapsQuery(test.id)),
    queryClient.prefetchQuery(participantsQuery(test.id)),
    first &&
      queryClient.prefetchQuery(heatmapPointsQuery(test.id, first.id, { ...FIRST_VIEW, participantId })),
  ]);
}
