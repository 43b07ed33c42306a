import { useSyncExternalStore } from 'react';

/**
 * Whether the support chat is open and what it shows: a tiny store so that any screen (the
 * /500 page, the locked results screen's Upgrade button) opens the chat without a provider.
 */
export type SupportChatState = {
  isOpen: boolean;
  /** The conversation shown, or null for the list (or a new conversation when `draft` is set). */
  conversationId: number | null;
  /** A prefilled first message: the chat opens on a new conversation with it. */
  draft: string | null;
};

const CLOSED: SupportChatState = { isOpen: false, conversationId: null, draft: null };
let state: SupportChatState = CLOSED;
const listeners = new Set<() => void>();

function setState(next: SupportChatState): void {
  state = next;
  for (const listener of listeners) listener();
}

/**
 * Opens the chat: with `message`, on a new conversation prefilled with it (the upgrade request
 * names the test and the company); with `conversationId`, on that thread; else on the list.
 */
export function openSupportChat(options: { message?: string; conversationId?: number } = {}): void {
  setState({
    isOpen: true,
    conversationId: options.conversationId ?? null,
    draft: options.message ?? null,
  });
}

export function closeSupportChat(): void {
  setState({ ...state, isOpen: false });
}

/** Moves within the open chat: a thread, the list (null) or a new conversation (`draft` ''). */
export function showSupportView(view: { conversationId: number | null; draft: string | null }): void {
  setState({ ...state, ...view });
}

export function useSupportChat(): SupportChatState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => state,
  );
}

/** For tests: back to closed. */
export function resetSupportChat(): void {
  setState(CLOSED);
}
