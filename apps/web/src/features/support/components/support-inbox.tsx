import { SUPPORT_STATUS_NAMES } from '@limbus/contract';
import { Anchor, Badge, Paper, Table, Text } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../ui/format';
import { Empty, ErrorAlert, TableSkeleton } from '../../../ui/states';
import { useSupportConversations } from '../api';

/** The staff inbox (research area): every conversation, newest activity first. */
export function SupportInbox() {
  const conversations = useSupportConversations({ isPolling: true });
  if (conversations.isPending) return <TableSkeleton />;
  if (conversations.isError)
    return <ErrorAlert error={conversations.error} title="The conversations could not be loaded" />;
  if (conversations.data.length === 0)
    return (
      <Paper withBorder p="xl">
        <Empty
          icon={<IconMessages size={28} aria-hidden />}
          title="No conversations yet"
          description="When a user writes through the chat widget, the conversation appears here."
        />
      </Paper>
    );
  return (
    <Paper withBorder>
      <Table.ScrollContainer minWidth={720}>
        <Table verticalSpacing="sm" highlightOnHover aria-label="Support conversations">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Subject</Table.Th>
              <Table.Th>Company</Table.Th>
              <Table.Th>Started by</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Last activity</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {conversations.data.map((conversation) => (
              <Table.Tr key={conversation.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/research/support/${conversation.id}`} fw={600} size="sm">
                    {conversation.subject}
                  </Anchor>
                  <Text size="xs" c="dimmed" lineClamp={1}>
                    {conversation.last_message_preview}
                  </Text>
                </Table.Td>
                <Table.Td>{conversation.company_name}</Table.Td>
                <Table.Td>{conversation.starter_name}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={conversation.status === 'open' ? 'green' : 'gray'}>
                    {SUPPORT_STATUS_NAMES[conversation.status]}
                  </Badge>
                </Table.Td>
                <Table.Td>{formatDateTime(conversation.last_message_at)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
