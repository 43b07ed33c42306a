import { Affix, Button } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { openSupportChat, useSupportChat } from '../support-chat-store';
import { SupportChat } from './support-chat';

/**
 * The chat widget of the signed-in shell: a floating "Message us" button and the chat drawer.
 * `?support={id}` (the link of a reply mail) opens that conversation.
 */
export function SupportLauncher() {
  const { isOpen } = useSupportChat();
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

  return (
    <>
      {isOpen ? null : (
        <Affix position={{ bottom: 20, right: 20 }}>
          <Button
            radius="xl"
            size="md"
            leftSection={<IconMessageCircle size={18} aria-hidden />}
            onClick={() => openSupportChat()}
            aria-haspopup="dialog"
            style={{ boxShadow: 'var(--mantine-shadow-md)' }}
          >
            Message us
          </Button>
        </Affix>
      )}
      <SupportChat />
    </>
  );
}
