import { type Contract, MESSAGES, TEST_TYPE_NAMES } from '@limbus/contract';
import { ActionIcon, Table } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { AppTooltip, Empty, openConfirmDelete } from '../../../ui';
import type { useContractMutations } from '../api';

/** Every bundle of the company's contracts, newest first: Type, Amount, Requested, Delete. */
export function BundlesTable({
  contracts,
  mutations,
}: {
  contracts: readonly Contract[];
  mutations: ReturnType<typeof useContractMutations>;
}) {
  const bundles = contracts
    .flatMap((contract) => contract.bundles)
    .sort((a, b) => b.created_at - a.created_at);
  if (bundles.length === 0)
    return <Empty title="No products yet" description="Add products to give the company tests." />;

  return (
    <Table.ScrollContainer minWidth={420}>
      <Table verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Type</Table.Th>
            <Table.Th>Amount</Table.Th>
            <Table.Th>Requested</Table.Th>
            <Table.Th aria-label="Actions" w={60} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {bundles.map((bundle) => (
            <Table.Tr key={bundle.id}>
              <Table.Td>{TEST_TYPE_NAMES[bundle.test_type]}</Table.Td>
              <Table.Td>{bundle.tests}</Table.Td>
              <Table.Td>{bundle.requested}</Table.Td>
              <Table.Td>
                <AppTooltip label="Delete">
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Delete bundle of ${bundle.tests} ${TEST_TYPE_NAMES[bundle.test_type]}`}
                    onClick={() =>
                      openConfirmDelete({
                        message: MESSAGES.confirmRemoveBundle,
                        onConfirm: () =>
                          mutations.deleteBundle.mutate(bundle.id, {
                            onError: (error) => notifications.show({ color: 'red', message: error.message }),
                          }),
                      })
                    }
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </AppTooltip>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
