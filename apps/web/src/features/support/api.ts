import {
  type NewSupportConversation,
  SUPPORT_POLL_MS,
  type SupportStatus,
  supportRoutes,
} from '@limbus/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bindRoutes } from '../../api';

/** Query keys of the support chat: the widget and the staff inbox share them. */
export const supportKeys = {
  all: ['support'] as const,
  list: () => [...supportKeys.all, 'list'] as const,
  thread: (id: number) => [...supportKeys.all, 'thread', id] as const,
};

const api = bindRoutes(supportRoutes);

/** One's own conversations, or every one to staff; newest activity first. */
export function useSupportConversations({ isPolling = false }: { isPolling?: boolean } = {}) {
  return useQuery({
    queryKey: supportKeys.list(),
    queryFn: ({ signal }) => api.list({ signal }),
    refetchInterval: isPolling ? SUPPORT_POLL_MS : false,
  });
}

/** An open thread asks for new messages every 10 s. */
export function useSupportThread(id: number | null) {
  return useQuery({
    queryKey: supportKeys.thread(id ?? 0),
    queryFn: ({ signal }) => api.get({ id: id ?? 0, signal }),
    enabled: id !== null && id > 0,
    refetchInterval: SUPPORT_POLL_MS,
  });
}

export function useStartConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewSupportConversation) => api.create({ body }),
    onSuccess: (thread) => {
      queryClient.setQueryData(supportKeys.thread(thread.id), thread);
      void queryClient.invalidateQueries({ queryKey: supportKeys.list() });
    },
  });
}

export function useSendSupportMessage(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => api.reply({ id, body: { message } }),
    onSuccess: (thread) => {
      queryClient.setQueryData(supportKeys.thread(id), thread);
      void queryClient.invalidateQueries({ queryKey: supportKeys.list() });
    },
  });
}

export function useSetSupportStatus(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: SupportStatus) => api.update({ id, body: { status } }),
    onSuccess: (thread) => {
      queryClient.setQueryData(supportKeys.thread(id), thread);
      void queryClient.invalidateQueries({ queryKey: supportKeys.list() });
    },
  });
}
