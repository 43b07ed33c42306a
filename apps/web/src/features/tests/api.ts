import type { TestSummary } from '@limbus/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api';

export const testKeys = {
  all: ['tests'] as const,
  list: () => [...testKeys.all, 'list'] as const,
  recent: () => [...testKeys.all, 'recent'] as const,
};

export function useTests(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: testKeys.list(),
    queryFn: ({ signal }) => api.get<TestSummary[]>('/tests', { signal }),
    enabled: options.enabled,
  });
}

/** The most recent tests of the home page (the server returns at most RECENT_TESTS_ON_HOME). */
export function useRecentTests() {
  return useQuery({
    queryKey: testKeys.recent(),
    queryFn: ({ signal }) => api.get<TestSummary[]>('/tests', { query: { homepage: 1 }, signal }),
  });
}
