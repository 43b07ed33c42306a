import { type RetentionPolicyWrite, retentionRoutes } from '@limbus/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bindRoutes } from '../../api';

const retentionApi = bindRoutes(retentionRoutes);

export const retentionKey = (companyId: number) => ['retention', companyId] as const;

/** A company's retention policy (the defaults where it has none). */
export function useRetentionPolicy(companyId: number) {
  return useQuery({
    queryKey: retentionKey(companyId),
    queryFn: async ({ signal }) => (await retentionApi.get({ id: companyId, signal })).data,
  });
}

export function useSaveRetentionPolicy(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: RetentionPolicyWrite) =>
      (await retentionApi.update({ id: companyId, body })).data,
    onSuccess: (policy) => queryClient.setQueryData(retentionKey(companyId), policy),
  });
}
