import type { Contract } from '@limbus/contract';
import { Badge, Button, Group, Paper, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { BackLink, BlockSkeleton, DetailList, ErrorAlert, PageTitle } from '../../../ui';
import { useCompany } from '../../organisation';
import { ProcessingRecordLink } from '../../processing-record';
import { RetentionPolicySection } from '../../retention';
import { useContractMutations } from '../api';
import { BundlesTable } from './bundles-table';
import { CompanyAiSettings } from './company-ai-settings';
import { AddContractForm, AddProductsForm, ContractEditForm, RenewForm } from './contract-forms';
import { ContractsTable } from './contracts-table';

type Panel = { kind: 'edit' | 'renew'; contract: Contract } | { kind: 'products' } | null;

/** /admin/companies/{id}: status, tests left, contracts and bundles, AI text settings, retention. */
export function CompanyDetail({ companyId }: { companyId: number }) {
  const company = useCompany(companyId);
  const mutations = useContractMutations(companyId);
  const [panel, setPanel] = useState<Panel>(null);
  const close = () => setPanel(null);

  if (company.isLoading) return <BlockSkeleton height={320} />;
  if (company.isError || !company.data)
    return <ErrorAlert error={company.error} title="This company could not be loaded" />;
  const { data } = company;
  const latest = data.contract;
  const active = latest?.is_active === true;
  const testsLeft = latest ? latest.available_tests.essential + latest.available_tests.professional : 0;
  const contracts = [...data.contracts].sort((a, b) => b.end_date.localeCompare(a.end_date));

  return (
    <Stack gap="lg" maw={1000}>
      <BackLink to="/admin/companies">Back to companies</BackLink>
      <PageTitle>{data.name}</PageTitle>
      <Paper withBorder p="lg">
        <DetailList
          cols={3}
          items={[
            {
              label: 'Contract status',
              value: (
                <Badge color={active ? 'teal' : 'gray'} variant="light">
                  {active ? 'Active' : 'Not active'}
                </Badge>
              ),
            },
            { label: 'Tests left', value: String(testsLeft) },
            {
              label: 'Of which Professional / Essential',
              value: latest
                ? `${latest.available_tests.professional} / ${latest.available_tests.essential}`
                : '',
            },
          ]}
        />
      </Paper>
      {latest === null ? (
        <AddContractForm mutations={mutations} />
      ) : (
        <Paper withBorder p="lg" component="section" aria-labelledby="contracts-title">
          <Group justify="space-between" mb="sm">
            <Title order={2} fz={18} id="contracts-title">
              Contracts
            </Title>
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              variant="light"
              onClick={() => setPanel({ kind: 'products' })}
            >
              Add products
            </Button>
          </Group>
          <Stack gap="md">
            {panel?.kind === 'products' ? (
              <AddProductsForm contractId={latest.id} mutations={mutations} onClose={close} />
            ) : null}
            <ContractsTable
              contracts={contracts}
              selectedId={panel?.kind === 'edit' ? panel.contract.id : null}
              onSelect={(contract) => setPanel({ kind: 'edit', contract })}
              onRenew={(contract) => setPanel({ kind: 'renew', contract })}
            />
            {panel?.kind === 'edit' ? (
              <ContractEditForm
                key={panel.contract.id}
                contract={panel.contract}
                mutations={mutations}
                onClose={close}
              />
            ) : null}
            {panel?.kind === 'renew' ? (
              <RenewForm
                key={panel.contract.id}
                contract={panel.contract}
                mutations={mutations}
                onClose={close}
              />
            ) : null}
          </Stack>
        </Paper>
      )}
      {latest ? (
        <Paper withBorder p="lg" component="section" aria-labelledby="bundles-title">
          <Title order={2} fz={18} mb="sm" id="bundles-title">
            Bundles
          </Title>
          <BundlesTable contracts={data.contracts} mutations={mutations} />
        </Paper>
      ) : null}
      <CompanyAiSettings companyId={companyId} />
      <RetentionPolicySection companyId={companyId} canEdit />
      <ProcessingRecordLink to={`/admin/companies/${companyId}/record-of-processing`} />
    </Stack>
  );
}
