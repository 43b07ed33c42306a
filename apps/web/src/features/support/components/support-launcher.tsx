import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { openSupportChat, useSupportChat } from '../support-chat-store';

/** Loaded when the chat is first opened: no screen's first load needs its drawer and threads. */
const SupportChat = lazy(() => import('./support-chat').then((module) => ({ default: module.SupportChat })));

/**
 * The chat of the signed-in shell: the chat drawer, opened by `MessageUsButton` in the sidebar or
 * the phone's header; `?support={id}` (the link of a reply mail) opens that conversation.
 */
export function SupportLauncher() {
  const [searchParams, setSearchParams] = useSearchParams();
  const linked = searchParams.get('support');

  useEffect(() => {
    if (!linked) return;
    const id = Number(linked);
    if (Number.isInteger(id) && id > 0) openSupportChat({ conversationId: id });
    setSearchParams(
      (params) => {
        params.delete('support');
        return params;
      },
      { replace: true },
    );
  }, [linked, setSearchParams]);

  const { isOpen } = useSupportChat();
  const [wasOpened, setWasOpened] = useState(isOpen);
  if (isOpen && !wasOpened) setWasOpened(true);
  return wasOpened ? (
    <Suspense fallback={null}>
      <SupportChat />
    </Suspense>
  ) : null;
}
