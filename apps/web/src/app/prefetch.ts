import type { QueryClient } from '@tanstack/react-query';
import { getSession } from '../api';
import { currentUserQuery } from '../features/account/api';
import { testQuery } from '../features/tests/api';
import { TEST_ADDRESS } from './first-screen-data';

/**
 * Starts the queries the shell and the results layout wait for as the app starts, before their
 * code renders: they take the answers the page's first script asked for (first-screen-data.ts),
 * so the screens find them in the query cache instead of asking one round trip after another.
 */
export function prefetchDataOf(queryClient: QueryClient, pathname: string): void {
  if (!getSession().token) return;
  void queryClient.prefetchQuery(currentUserQuery());
  const testId = TEST_ADDRESS.exec(pathname)?.[1];
  if (!testId) return;
  void queryClient.prefetchQuery(testQuery(testId));
}
