import { type Contract, TEST_TYPE_NAMES, TEST_TYPES } from '@limbus/contract';
import { ActionIcon, Button, Group, Table, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { AppTooltip, formatDate } from '../../../ui';

/** "2 Professional · 1 Essential": the tests a contract holds, by type. */
export function productSummary(contract: Contract): string {
  const parts = TEST_TYPES.map((type) => {
    const total = contract.bundles
      .filter((bundle) => bundle.test_type === type)
      .reduce((sum, b) => sum + b.tests, 0);
    return total > 0 ? `${total} ${TEST_TYPE_NAMES[type]}` : null;
  }).filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : 'Subscription';
}

const label = (contract: Contract) =>
  `contract ${formatDate(contract.start_date)} to ${formatDate(contract.end_date)}`;

/** Contracts with Product, Start, End; a row selects for editing, Renew opens the renew form. */
export function ContractsTable({
  contracts,
  selectedId,
  onSelect,
  onRenew,
}: {
  contracts: readonly Contract[];
  selectedId: number | null;
  onSelect: (contract: Contract) => void;
  onRenew: (contract: Contract) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Product</Table.Th>
            <Table.Th>Start</Table.Th>
            <Table.Th>End</Table.Th>
            <Table.Th aria-label="Actions" w={140} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {contracts.map((contract) => (
            <Table.Tr
              key={contract.id}
              onClick={() => onSelect(contract)}
              bg={selectedId === contract.id ? 'var(--mantine-primary-color-light)' : undefined}
              style={{ cursor: 'pointer' }}
              aria-selected={selectedId === contract.id}
            >
              <Table.Td>
                <Text size="sm" fw={500}>
                  {productSummary(contract)}
                </Text>
              </Table.Td>
              <Table.Td>{formatDate(contract.start_date)}</Table.Td>
              <Table.Td>{formatDate(contract.end_date)}</Table.Td>
              <Table.Td>
                <Group gap="xs" justify="flex-end" wrap="nowrap">
                  <AppTooltip label="Edit dates">
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Edit ${label(contract)}`}
                      onClick={(event) => {
                        event.stopPropagation();
                        onSelect(contract);
                      }}
                    >
                      <IconPencil size={18} aria-hidden />
                    </ActionIcon>
                  </AppTooltip>
                  <Button
                    size="xs"
                    variant="light"
                    aria-label={`Renew ${label(contract)}`}
                    onClick={(event) => {
                      event.stopPropagation();
                      onRenew(contract);
                    }}
                  >
                    Renew
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
