import type { SupportMessage } from '@limbus/contract';
import { Box, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { formatDateTime } from '../../../ui/format';

/** The messages of a thread, oldest first; the viewer's own on the right. Scrolls to the newest. */
export function MessageList({ messages, viewerId }: { messages: SupportMessage[]; viewerId: number }) {
  const endRef = useRef<HTMLDivElement>(null);
  const lastId = messages.at(-1)?.id;
  useEffect(() => {
    if (lastId !== undefined) endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [lastId]);

  return (
    <Stack gap="sm" role="log" aria-label="Messages" aria-live="polite">
      {messages.map((message) => {
        const isOwn = message.author_id === viewerId;
        const author = isOwn
          ? 'You'
          : message.is_staff
            ? `${message.author_name} (Limbus support)`
            : message.author_name;
        return (
          <Box key={message.id} style={{ alignSelf: isOwn ? 'flex-end' : 'flex-start', maxWidth: '85%' }}>
            <Text size="xs" c="dimmed" ta={isOwn ? 'right' : 'left'}>
              {author} · {formatDateTime(message.created_at)}
            </Text>
            <Paper
              p="sm"
              radius="md"
              bg={isOwn ? 'var(--mantine-primary-color-light)' : message.is_staff ? 'gray.1' : 'white'}
              withBorder={!isOwn}
            >
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {message.body}
              </Text>
            </Paper>
          </Box>
        );
      })}
      <div ref={endRef} />
    </Stack>
  );
}
