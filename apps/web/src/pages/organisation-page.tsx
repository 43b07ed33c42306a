import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useCurrentUser } from '../features/account';
import { OrganisationDetails, useCompany } from '../features/organisation';
import { ProcessingRecordLink } from '../features/processing-record';
import { RetentionPolicySection } from '../features/retention';
import { PageTitle } from '../ui';

export function OrganisationPage() {
  const { user } = useCurrentUser();
  const companyId = user?.company_id ?? null;
  // The data-rights sections come once the company's sections are there, not above them as they load in
  const company = useCompany(companyId);
  return (
    <>
      <PageTitle>Organisation</PageTitle>
      <Stack gap="lg">
        <OrganisationDetails companyId={companyId} />
        {/* A company admin reads the company's retention policy; provider staff set it in the admin area. */}
        {companyId !== null && user?.role === 'company_admin' && company.data ? (
          <>
            <RetentionPolicySection companyId={companyId} canEdit={false} />
            <Paper withBorder p="lg" component="section" aria-labelledby="audit-link-title">
              <Title order={2} fz={18} id="audit-link-title">
                Audit log
              </Title>
              <Text size="sm" c="dimmed" mb="sm">
                Who viewed, exported, erased or changed your participants' data, and when.
              </Text>
              <Anchor component={Link} to="/organisation/audit">
                Open the audit log
              </Anchor>
            </Paper>
            <ProcessingRecordLink to="/organisation/record-of-processing" />
            <Paper withBorder p="lg" component="section" aria-labelledby="share-links-title">
              <Title order={2} fz={18} id="share-links-title">
                Share links
              </Title>
              <Text size="sm" c="dimmed" mb="sm">
                The links your organisation shared results with: views, last viewed, and revoke.
              </Text>
              <Anchor component={Link} to="/organisation/share-links">
                Open the share links
              </Anchor>
            </Paper>
          </>
        ) : null}
      </Stack>
    </>
  );
}
