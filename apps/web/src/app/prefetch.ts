import type { TestDetail } from '@limbus/contract';
import type { QueryClient } from '@tanstack/react-query';
import { getSession } from '../api';
import { currentUserQuery } from '../features/account/api';
import { preloadFirstScreenshot } from '../features/heatmaps/screenshot-source';
import { testKeys, testQuery } from '../features/tests/api';

/** The addresses of a test's screens, which all wait for the test (the results layout, research). */
const TEST_ADDRESS = /^\/(?:research\/)?(?:video-)?test\/([^/]+)(?:\/|$)/;
/** The heatmaps screens, whose largest element is the first heatmap page's screenshot. */
const HEATMAPS_ADDRESS = /^\/(?:research\/)?test\/[^/]+\/heatmaps\/?$/;

/**
 * Asks for the data the shell and the results layout wait for while their code still loads: on a
 * phone the screen otherwise asked for the signed-in user and the test only after the chunks that
 * render them had arrived (one round trip after another).
 */
export function prefetchDataOf(queryClient: QueryClient, pathname: string): void {
  if (!getSession().token) return;
  void queryClient.prefetchQuery(currentUserQuery());
  const testId = TEST_ADDRESS.exec(pathname)?.[1];
  if (!testId) return;
  const test = queryClient.prefetchQuery(testQuery(testId));
  // The test's detail names its heatmap pages: their first screenshot is asked for with it.
  if (HEATMAPS_ADDRESS.test(pathname))
    void test.then(() => {
      const detail = queryClient.getQueryData<TestDetail>(testKeys.detail(testId));
      if (detail) preloadFirstScreenshot(detail.heatmaps);
    });
}
