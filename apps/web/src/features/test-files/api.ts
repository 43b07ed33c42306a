import { testRoutes } from '@limbus/contract';
import { useQuery } from '@tanstack/react-query';
import { bindRoutes } from '../../api';

const testApi = bindRoutes(testRoutes);

export const testFileKeys = { list: (testId: number) => ['test-files', testId] as const };

/** The test's files for the research area (recordings, sample streams, video, report). */
export function useTestFiles(testId: number) {
  return useQuery({
    queryKey: testFileKeys.list(testId),
    queryFn: async ({ signal }) => (await testApi.files({ id: testId, signal })).files,
  });
}
