import type { User } from '@limbus/contract';
import { Badge, Paper, Skeleton, Text, Title } from '@mantine/core';
import { DetailList, formatDate } from '../../../ui';
import { useCompany } from '../../organisation';

/** The company box of /home (company members and admins only). */
export function CompanySummary({ user }: { user: User }) {
  const company = useCompany(user.company_id);
  // as tall as the box it stands for: four rows on a phone, one row from sm (CLS 0.104 → 0)
  if (company.isLoading)
    return <Skeleton h={{ base: 307, sm: 170, lg: 129 }} radius="lg" aria-label="Loading" />;
  if (!company.data) return null;
  const { contract, admin } = company.data;
  const available = contract ? contract.available_tests.essential + contract.available_tests.professional : 0;

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="company-summary-title">
      <Title order={2} fz={20} mb="md" id="company-summary-title">
        {company.data.name}
      </Title>
      <DetailList
        cols={4}
        items={[
          {
            label: 'Subscription',
            value: (
              <Badge color={contract?.is_active ? 'teal' : 'gray'} variant="light">
                {contract?.is_active ? 'Active' : 'Not active'}
              </Badge>
            ),
          },
          { label: 'Renewal date', value: formatDate(contract?.end_date) },
          { label: 'Tests available', value: String(available) },
          { label: 'Company admin', value: admin?.profile.first_name ?? '' },
        ]}
      />
      {contract && !contract.is_active ? (
        <Text size="sm" c="dimmed" mt="md">
          Your subscription has ended. Contact your account manager to renew it.
        </Text>
      ) : null}
    </Paper>
  );
}
