import { testRoutes } from '@limbus/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bindRoutes } from '../../api';
import { testKeys } from '../user-tests';

const testApi = bindRoutes(testRoutes);

/** Deletes a test; the whole test list is fetched again (spec 2 §7). */
export function useDeleteTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => testApi.delete({ id }),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: testKeys.detail(String(id)) });
      return queryClient.invalidateQueries({ queryKey: testKeys.all });
    },
  });
}
