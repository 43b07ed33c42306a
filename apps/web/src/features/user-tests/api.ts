import { testRoutes } from '@limbus/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { bindRoutes } from '../../api';

export const testKeys = {
  all: ['tests'] as const,
  list: () => [...testKeys.all, 'list'] as const,
  recent: () => [...testKeys.all, 'recent'] as const,
  detail: (id: string) => [...testKeys.all, 'detail', id] as const,
};

const api = bindRoutes(testRoutes);

export function useTests(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: testKeys.list(),
    queryFn: ({ signal }) => api.list({ signal }),
    enabled: options.enabled,
  });
}

/** The most recent tests of the home page (the server returns at most RECENT_TESTS_ON_HOME). */
export function useRecentTests() {
  return useQuery({
    queryKey: testKeys.recent(),
    queryFn: ({ signal }) => api.list({ query: { homepage: 1 }, signal }),
  });
}

/** One test (the results shell); `id` is the raw route parameter, the server refuses a bad one. */
export function useTest(id: string) {
  return useQuery(testQuery(id));
}

export function testQuery(id: string) {
  return queryOptions({
    queryKey: testKeys.detail(id),
    queryFn: ({ signal }) => api.get({ id, signal }),
  });
}
