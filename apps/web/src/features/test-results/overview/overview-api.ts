import { annotationRoutes } from '@limbus/contract';
import { useQuery } from '@tanstack/react-query';
import { bindRoutes } from '../../../api';
import { cohortParam, useCohort } from '../../cohorts';

const annotationApi = bindRoutes(annotationRoutes);

export const tagKeys = { list: (testId: number) => ['tags', testId, 'list'] as const };

/** The test's tags with their counts (Professional data: not asked for on an Essential test). */
export function useTestTags(testId: number, options: { enabled: boolean }) {
  const cohort = useCohort();
  return useQuery({
    queryKey: [...tagKeys.list(testId), cohort],
    queryFn: async ({ signal }) =>
      (await annotationApi.listTags({ id: testId, query: { cohort: cohortParam(cohort) }, signal })).tags,
    enabled: options.enabled,
  });
}
