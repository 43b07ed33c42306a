import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { openSupportChat } from '../support-chat-store';
import { SupportChat } from './support-chat';

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

  return <SupportChat />;
}
