import { SUPPORT_STATUS_NAMES } from '@limbus/contract';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../ui/format';
import { ErrorAlert, TableSkeleton } from '../../../ui/states';
import { useCurrentUser } from '../../account';
import { useSendSupportMessage, useSetSupportStatus, useSupportThread } from '../api';
import { MessageComposer } from './message-composer';
import { MessageList } from './message-list';

/** A conversation in the staff inbox: the messages, a reply box, Close or Reopen. */
export function SupportInboxThread({ id }: { id: number }) {
  const { user } = useCurrentUser();
  const thread = useSupportThread(id);
  const send = useSendSupportMessage(id);
  const setStatus = useSetSupportStatus(id);

  if (thread.isPending) return <TableSkeleton rows={4} />;
  if (thread.isError)
    return <ErrorAlert error={thread.error} title="This conversation could not be loaded" />;
  const conversation = thread.data;
  const isOpen = conversation.status === 'open';

  return (
    <Stack gap="md" maw={820}>
      <Button
        component={Link}
        to="/research/support"
        variant="subtle"
        size="compact-sm"
        leftSection={<IconArrowLeft size={16} aria-hidden />}
        style={{ alignSelf: 'flex-start' }}
      >
        All conversations
      </Button>
      <Paper withBorder p="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Text fw={600} size="lg">
              {conversation.subject}
            </Text>
            <Text size="sm" c="dimmed">
              {conversation.starter_name} · {conversation.company_name} · started{' '}
              {formatDateTime(conversation.created_at)}
            </Text>
          </Stack>
          <Group gap="xs">
            <Badge variant="light" color={isOpen ? 'green' : 'gray'}>
              {SUPPORT_STATUS_NAMES[conversation.status]}
            </Badge>
            <Button
              variant="default"
              size="xs"
              loading={setStatus.isPending}
              onClick={() => setStatus.mutate(isOpen ? 'closed' : 'open')}
            >
              {isOpen ? 'Close' : 'Reopen'}
            </Button>
          </Group>
        </Group>
      </Paper>
      {setStatus.isError ? (
        <ErrorAlert error={setStatus.error} title="The status could not be changed" />
      ) : null}
      <Paper withBorder p="md">
        <MessageList messages={conversation.messages} viewerId={user?.id ?? 0} />
      </Paper>
      <MessageComposer
        label="Reply"
        placeholder="Write a reply…"
        isSending={send.isPending}
        error={send.error}
        onSend={send.mutateAsync}
      />
    </Stack>
  );
}
