import { SUPPORT_STATUS_NAMES } from '@limbus/contract';
import { Badge, Button, Drawer, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconArrowLeft, IconPlus } from '@tabler/icons-react';
import { formatDateTime } from '../../../ui/format';
import { Empty, ErrorAlert, TableSkeleton } from '../../../ui/states';
import { useCurrentUser } from '../../account';
import {
  useSendSupportMessage,
  useStartConversation,
  useSupportConversations,
  useSupportThread,
} from '../api';
import { closeSupportChat, showSupportView, useSupportChat } from '../support-chat-store';
import { MessageComposer } from './message-composer';
import { MessageList } from './message-list';

/** The support chat drawer: one's conversations, a thread, or a new conversation. */
export function SupportChat() {
  const { isOpen, conversationId, draft } = useSupportChat();
  return (
    <Drawer
      opened={isOpen}
      onClose={closeSupportChat}
      position="right"
      size="md"
      title={<Text fw={600}>Support chat</Text>}
      closeButtonProps={{ 'aria-label': 'Close the support chat' }}
    >
      {conversationId !== null ? (
        <ThreadView id={conversationId} />
      ) : draft !== null ? (
        <NewConversationView draft={draft} />
      ) : (
        <ConversationListView />
      )}
    </Drawer>
  );
}

function BackToList() {
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      leftSection={<IconArrowLeft size={16} aria-hidden />}
      onClick={() => showSupportView({ conversationId: null, draft: null })}
      style={{ alignSelf: 'flex-start' }}
    >
      All conversations
    </Button>
  );
}

function ConversationListView() {
  const conversations = useSupportConversations({ isPolling: true });
  const startNew = () => showSupportView({ conversationId: null, draft: '' });
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Questions about Limbus, your tests or your contract? Our team answers here on working days.
      </Text>
      <Button
        leftSection={<IconPlus size={16} aria-hidden />}
        onClick={startNew}
        style={{ alignSelf: 'flex-start' }}
      >
        New conversation
      </Button>
      {conversations.isPending ? (
        <TableSkeleton rows={3} />
      ) : conversations.isError ? (
        <ErrorAlert error={conversations.error} title="Your conversations could not be loaded" />
      ) : conversations.data.length === 0 ? (
        <Empty title="No conversations yet" description="Start one and we will answer here." />
      ) : (
        <Stack
          gap={0}
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label="Your conversations"
        >
          {conversations.data.map((conversation) => (
            <li key={conversation.id}>
              <UnstyledButton
                w="100%"
                p="sm"
                style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
                onClick={() => showSupportView({ conversationId: conversation.id, draft: null })}
              >
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text fw={600} size="sm" truncate>
                    {conversation.subject}
                  </Text>
                  <Badge size="xs" variant="light" color={conversation.status === 'open' ? 'green' : 'gray'}>
                    {SUPPORT_STATUS_NAMES[conversation.status]}
                  </Badge>
                </Group>
                <Text size="xs" c="dimmed" truncate>
                  {conversation.last_message_preview}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(conversation.last_message_at)}
                </Text>
              </UnstyledButton>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function NewConversationView({ draft }: { draft: string }) {
  const start = useStartConversation();
  return (
    <Stack gap="md">
      <BackToList />
      <Text size="sm" c="dimmed">
        Tell us what you need; we answer in this chat and let you know by e-mail.
      </Text>
      <MessageComposer
        initialValue={draft}
        autoFocus
        isSending={start.isPending}
        error={start.error}
        onSend={async (message) => {
          const thread = await start.mutateAsync({ message });
          showSupportView({ conversationId: thread.id, draft: null });
        }}
      />
    </Stack>
  );
}

function ThreadView({ id }: { id: number }) {
  const { user } = useCurrentUser();
  const thread = useSupportThread(id);
  const send = useSendSupportMessage(id);
  return (
    <Stack gap="md">
      <BackToList />
      {thread.isPending ? (
        <TableSkeleton rows={3} />
      ) : thread.isError ? (
        <ErrorAlert error={thread.error} title="This conversation could not be loaded" />
      ) : (
        <>
          <Group justify="space-between" wrap="nowrap">
            <Text fw={600}>{thread.data.subject}</Text>
            <Badge variant="light" color={thread.data.status === 'open' ? 'green' : 'gray'}>
              {SUPPORT_STATUS_NAMES[thread.data.status]}
            </Badge>
          </Group>
          <MessageList messages={thread.data.messages} viewerId={user?.id ?? 0} />
          <MessageComposer
            autoFocus
            isSending={send.isPending}
            error={send.error}
            onSend={send.mutateAsync}
          />
        </>
      )}
    </Stack>
  );
}
