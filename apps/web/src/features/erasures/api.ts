import { type Erasure, erasureRoutes } from '@limbus/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bindRoutes } from '../../api';

const erasureApi = bindRoutes(erasureRoutes);

export const erasureKeys = {
  all: (testId: number) => ['erasures', testId] as const,
  list: (testId: number) => [...erasureKeys.all(testId), 'list'] as const,
  one: (testId: number, id: number) => [...erasureKeys.all(testId), 'one', id] as const,
};

/** Whether an erasure is still under way: its receipt is asked for again until it ends. */
export const isUnderWay = (erasure: Pick<Erasure, 'state'>) =>
  erasure.state === 'erasing' || erasure.state === 'pending';
const POLL_MS = 1000;

/** The erasures of a test (researchers; company admins of the test's company), polled while one runs. */
export function useErasures(testId: number, enabled = true) {
  return useQuery({
    queryKey: erasureKeys.list(testId),
    enabled,
    queryFn: async ({ signal }) => (await erasureApi.list({ id: testId, signal })).data,
    refetchInterval: (query) => (query.state.data?.some(isUnderWay) ? POLL_MS : false),
  });
}

/** One receipt, polled until the erasure has ended (verified or failed). */
export function useErasure(testId: number, erasureId: number | null) {
  return useQuery({
    queryKey: erasureKeys.one(testId, erasureId ?? 0),
    enabled: erasureId !== null,
    queryFn: async ({ signal }) => (await erasureApi.get({ id: testId, eid: erasureId ?? 0, signal })).data,
    refetchInterval: (query) => (query.state.data && isUnderWay(query.state.data) ? POLL_MS : false),
  });
}

/** Erases (researchers) or requests the erasure of (company admins) a participant; answers the receipt. */
export function useEraseParticipant(testId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (participantId: number) =>
      (await erasureApi.erase({ id: testId, pid: participantId })).data,
    onSuccess: (erasure) => {
      queryClient.setQueryData(erasureKeys.one(testId, erasure.id), erasure);
      void queryClient.invalidateQueries({ queryKey: erasureKeys.list(testId) });
    },
  });
}
