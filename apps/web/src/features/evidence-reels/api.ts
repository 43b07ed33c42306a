import { evidenceReelRoutes, type Reel, type ReelChanges } from '@limbus/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bindRoutes } from '../../api';

const reelApi = bindRoutes(evidenceReelRoutes);

/** How often a rendering reel is read again for its progress. */
export const REEL_POLL_MS = 1500;

export const reelKeys = {
  one: (testId: number, insightId: number) => ['evidence-reel', testId, insightId] as const,
};

/** The insight's reel, or null when it has none (or, for a client, none published). */
export function useReel(testId: number, insightId: number) {
  return useQuery({
    queryKey: reelKeys.one(testId, insightId),
    queryFn: async ({ signal }): Promise<Reel | null> =>
      (await reelApi.get({ id: testId, iid: insightId, signal })).data,
    refetchInterval: (query) => (query.state.data?.state === 'rendering' ? REEL_POLL_MS : false),
  });
}

/** The mutations of the research area, each storing the reel it answers. */
export function useReelActions(testId: number, insightId: number) {
  const queryClient = useQueryClient();
  const store = (reel: Reel) => queryClient.setQueryData(reelKeys.one(testId, insightId), reel);
  const ids = { id: testId, iid: insightId };
  return {
    make: useMutation({
      mutationFn: async () => (await reelApi.create(ids)).data,
      onSuccess: store,
    }),
    update: useMutation({
      mutationFn: async (changes: ReelChanges) =>
        (await reelApi.update({ ...ids, body: { reel: changes } })).data,
      onSuccess: store,
    }),
    render: useMutation({
      mutationFn: async () => (await reelApi.render(ids)).data,
      onSuccess: store,
    }),
    publish: useMutation({
      mutationFn: async (published: boolean) => (await reelApi.publish({ ...ids, body: { published } })).data,
      onSuccess: store,
    }),
  };
}
