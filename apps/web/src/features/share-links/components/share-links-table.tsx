import type { ShareLink, ShareLinkState } from '@limbus/contract';
import { Badge, Button, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { Empty, ErrorAlert, formatDate, formatDateTime, TableSkeleton } from '../../../ui';
import { useRevokeShareLink, useShareLinks } from '../api';

const STATE_COLORS: Record<ShareLinkState, string> = { active: 'teal', expired: 'gray', revoked: 'red' };
const STATE_NAMES: Record<ShareLinkState, string> = {
  active: 'Active',
  expired: 'Expired',
  revoked: 'Revoked',
};

const whatOf = (link: ShareLink) =>
  link.insight
    ? `${link.test.name} · ${link.scope === 'reel' ? 'evidence reel of insight' : 'insight'} ${link.insight.assigned_id}: ${link.insight.title}`
    : link.test.name;

/** A company admin's share links: what, by whom, views, last viewed, state, and revoke. */
export function ShareLinksTable({ companyId }: { companyId: number }) {
  const links = useShareLinks(companyId);
  const revoke = useRevokeShareLink(companyId);
  if (links.isLoading) return <TableSkeleton />;
  if (links.isError || !links.data) return <ErrorAlert error={links.error} />;
  if (links.data.length === 0)
    return <Empty title="No share links yet" description="Share a done test's results from its overview." />;
  const confirmRevoke = (link: ShareLink) =>
    modals.openConfirmModal({
      title: 'Revoke this link?',
      centered: true,
      children: <Text size="sm">Whoever has it can no longer open it, from their next click on.</Text>,
      labels: { confirm: 'Revoke', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => revoke.mutate(link.id),
    });
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Shared</Table.Th>
            <Table.Th>By</Table.Th>
            <Table.Th>Expires</Table.Th>
            <Table.Th ta="right">Views</Table.Th>
            <Table.Th>Last viewed</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {links.data.map((link) => (
            <Table.Tr key={link.id}>
              <Table.Td>
                {whatOf(link)}
                {link.has_password && (
                  <Text span size="xs" c="dimmed">
                    {' '}
                    · password
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{link.created_by ?? '—'}</Table.Td>
              <Table.Td>{formatDate(link.expires_at)}</Table.Td>
              <Table.Td ta="right">{link.views}</Table.Td>
              <Table.Td>{link.last_viewed_at ? formatDateTime(link.last_viewed_at) : '—'}</Table.Td>
              <Table.Td>
                <Badge color={STATE_COLORS[link.state]} variant="light">
                  {STATE_NAMES[link.state]}
                </Badge>
              </Table.Td>
              <Table.Td>
                {link.state === 'active' && (
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    onClick={() => confirmRevoke(link)}
                    aria-label={`Revoke the link to ${whatOf(link)}`}
                  >
                    Revoke
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
