import { type ScreenGeometryInput, testSetupRoutes } from '@limbus/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bindRoutes } from '../../api';

/** How often the setup panel and the setups page ask for fresh heartbeats. */
export const SETUP_STATUS_POLL_MS = 10_000;

export const testSetupKeys = { all: ['test-setups'] as const };

const testSetupApi = bindRoutes(testSetupRoutes);

/** The lab recorders with their live status; `isPolling` keeps asking while a panel shows them. */
export function useTestSetups({ isPolling = false }: { isPolling?: boolean } = {}) {
  return useQuery({
    queryKey: testSetupKeys.all,
    queryFn: async ({ signal }) => (await testSetupApi.list({ signal })).data.test_setups,
    refetchInterval: isPolling ? SETUP_STATUS_POLL_MS : false,
  });
}

export function useCreateTestSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (setup: { name: string; ip: string }) => testSetupApi.create({ body: setup }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: testSetupKeys.all }),
  });
}

/** Changes a setup's screen geometry (null: the documented default). */
export function useUpdateTestSetupGeometry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, geometry }: { id: number; geometry: ScreenGeometryInput | null }) =>
      testSetupApi.update({ id, body: { geometry } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: testSetupKeys.all }),
  });
}

/** A new key for a setup; the old one stops working. */
export function useRotateTestSetupKey() {
  return useMutation({
    mutationFn: (id: number) => testSetupApi.rotateKey({ id }),
  });
}

export function useDeleteTestSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => testSetupApi.delete({ id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: testSetupKeys.all }),
  });
}
