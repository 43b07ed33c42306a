import type { User } from '@limbus/contract';
import { Paper, Stack, Title } from '@mantine/core';
import { BlockSkeleton, DetailList, Empty, ErrorAlert, formatDate } from '../../../ui';
import { useCompany } from '../api';

const nameOf = (user: User | null) =>
  user ? `${user.profile.first_name} ${user.profile.last_name}`.trim() : '';

/** Read-only company and contract sections of /organisation (dates DD-MM-YY). */
export function OrganisationDetails({ companyId }: { companyId: number | null }) {
  const company = useCompany(companyId);
  if (companyId === null) return <Empty title="You are not part of a company" />;
  if (company.isLoading) {
    return (
      <Stack>
        <BlockSkeleton height={220} />
        <BlockSkeleton height={120} />
      </Stack>
    );
  }
  if (company.isError || !company.data) return <ErrorAlert error={company.error} />;
  const { data } = company;
  const contract = data.contract;

  return (
    <Stack gap="lg" maw={960}>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="company-title">
        <Title order={2} fz={20} mb="md" id="company-title">
          Company
        </Title>
        <DetailList
          items={[
            { label: 'Name', value: data.name },
            { label: 'Address', value: data.address },
            { label: 'City', value: data.city },
            { label: 'Country', value: data.country?.name ?? '' },
            { label: 'Primary contact', value: nameOf(data.admin) },
            { label: 'Primary contact e-mail', value: data.admin?.email ?? '' },
            { label: 'Account manager', value: nameOf(data.business_developer) },
            { label: 'Account manager e-mail', value: data.business_developer?.email ?? '' },
            { label: 'Consultant', value: nameOf(data.consultant) },
            { label: 'Consultant e-mail', value: data.consultant?.email ?? '' },
          ]}
        />
      </Paper>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="contract-title">
        <Title order={2} fz={20} mb="md" id="contract-title">
          Contract
        </Title>
        {contract ? (
          <DetailList
            items={[
              {
                label: 'Start date',
                value: formatDate(contract.start_date),
              },
              { label: 'End date', value: formatDate(contract.end_date) },
              { label: 'Available Professional tests', value: String(contract.available_tests.professional) },
              { label: 'Available Essential tests', value: String(contract.available_tests.essential) },
            ]}
          />
        ) : (
          <Empty title="No contract yet" description="Your account manager will set up your contract." />
        )}
      </Paper>
    </Stack>
  );
}
