import {
  AUDIT_ACTION_NAMES,
  AUDIT_ACTIONS,
  type AuditAction,
  type AuditEntry,
  type AuditVerification,
  isoDate,
} from '@limbus/contract';
import {
  Alert,
  Box,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDownload, IconFilter, IconShieldCheck, IconShieldX } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import {
  BlockSkeleton,
  Empty,
  ErrorAlert,
  formatCount,
  formatDateTime,
  TableSkeleton,
  zodValidate,
} from '../../../ui';
import { useCompanies } from '../../organisation';
import { type AuditFilters, useAuditEntries, useAuditExport, useAuditVerification } from '../api';

type Values = { company_id: string; test_id: string; action: string; from: string; to: string };
const EMPTY: Values = { company_id: '', test_id: '', action: '', from: '', to: '' };

const optionalId = z.string().regex(/^(|[1-9]\d{0,9})$/, { error: 'Enter the number of a test' });
const optionalDay = z.union([z.literal(''), isoDate]);
const filtersSchema = z
  .object({
    company_id: z.string(),
    test_id: optionalId,
    action: z.string(),
    from: optionalDay,
    to: optionalDay,
  })
  .refine((values) => !values.from || !values.to || values.from <= values.to, {
    error: 'The last day is before the first',
    path: ['to'],
  });

const ACTION_OPTIONS = AUDIT_ACTIONS.map((action) => ({ value: action, label: AUDIT_ACTION_NAMES[action] }));

/** The form's values as the API's filters (a company admin's are their own company's). */
function filtersOf(values: Values, companyId: number | null): AuditFilters {
  const filters: AuditFilters = {};
  const company = companyId ?? (values.company_id ? Number(values.company_id) : undefined);
  if (company !== undefined) filters.company_id = company;
  if (values.test_id) filters.test_id = Number(values.test_id);
  if (values.action) filters.action = values.action as AuditAction;
  if (values.from) filters.from = values.from;
  if (values.to) filters.to = values.to;
  return filters;
}

/**
 * The audit trail of participant-level data. Staff (`companyId` null) read every company's, filter
 * by company and see the check of the hash chain; a company admin reads their own company's.
 */
export function AuditLog({ companyId }: { companyId: number | null }) {
  const isStaff = companyId === null;
  const [filters, setFilters] = useState<AuditFilters>(() => filtersOf(EMPTY, companyId));
  const entries = useAuditEntries(filters);
  const download = useAuditExport();
  const rows = useMemo(() => entries.data?.pages.flatMap((page) => page.data) ?? [], [entries.data]);

  return (
    <Stack gap="lg">
      {isStaff ? <ChainCheck /> : null}
      <Filters isStaff={isStaff} onApply={(values) => setFilters(filtersOf(values, companyId))} />
      <Paper withBorder p="lg" component="section" aria-labelledby="audit-entries-title">
        <Group justify="space-between" mb="sm" wrap="wrap">
          <Title order={2} fz={18} id="audit-entries-title">
            Entries
          </Title>
          <Button
            variant="light"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={download.isPending}
            onClick={() => download.mutate(filters)}
          >
            Export CSV
          </Button>
        </Group>
        {download.isError ? (
          <Text size="sm" c="red.8" role="alert" mb="sm">
            The export failed: {download.error.message}
          </Text>
        ) : null}
        {entries.isPending ? <TableSkeleton rows={6} /> : null}
        {entries.isError ? (
          <ErrorAlert error={entries.error} title="The audit trail could not be loaded" />
        ) : null}
        {entries.isSuccess && rows.length === 0 ? (
          <Empty
            title="No entries"
            description="Nothing recorded matches these filters: views of recordings, exports, erasures, consent and retention changes appear here."
          />
        ) : null}
        {rows.length > 0 ? (
          <>
            <EntriesTable entries={rows} showCompany={isStaff} />
            <Group justify="center" mt="md">
              {entries.hasNextPage ? (
                <Button
                  variant="default"
                  onClick={() => void entries.fetchNextPage()}
                  loading={entries.isFetchingNextPage}
                >
                  Load more
                </Button>
              ) : (
                <Text size="sm" c="dimmed">
                  {formatCount(rows.length)} {rows.length === 1 ? 'entry' : 'entries'}, all shown
                </Text>
              )}
            </Group>
          </>
        ) : null}
      </Paper>
    </Stack>
  );
}

/** Staff choose among every company (the list is staff's only). */
function CompanySelect({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const companies = useCompanies();
  const options = useMemo(
    () => (companies.data ?? []).map((company) => ({ value: String(company.id), label: company.name })),
    [companies.data],
  );
  return (
    <Select
      label="Company"
      placeholder={companies.isPending ? 'Loading companies…' : 'Every company'}
      data={options}
      value={value || null}
      onChange={(chosen) => onChange(chosen ?? '')}
      searchable
      clearable
      nothingFoundMessage="No company of that name"
      w={{ base: '100%', xs: 220 }}
    />
  );
}

function Filters({ isStaff, onApply }: { isStaff: boolean; onApply: (values: Values) => void }) {
  const form = useForm<Values>({ initialValues: EMPTY, validate: zodValidate(filtersSchema) });
  const reset = () => {
    form.reset();
    onApply(EMPTY);
  };
  return (
    <Paper withBorder p="lg">
      <form onSubmit={form.onSubmit(onApply)} aria-label="Filter the audit trail" noValidate>
        <Group align="flex-end" gap="md" wrap="wrap">
          {isStaff ? (
            <CompanySelect
              value={form.values.company_id}
              onChange={(value) => form.setFieldValue('company_id', value)}
            />
          ) : null}
          <TextInput
            label="Test number"
            placeholder="Every test"
            inputMode="numeric"
            w={{ base: '100%', xs: 140 }}
            {...form.getInputProps('test_id')}
          />
          <Select
            label="Action"
            placeholder="Every action"
            data={ACTION_OPTIONS}
            clearable
            w={{ base: '100%', xs: 260 }}
            value={form.values.action || null}
            onChange={(value) => form.setFieldValue('action', value ?? '')}
            error={form.errors.action}
          />
          <TextInput type="date" label="From" w={{ base: '100%', xs: 170 }} {...form.getInputProps('from')} />
          <TextInput type="date" label="To" w={{ base: '100%', xs: 170 }} {...form.getInputProps('to')} />
          <Group gap="xs">
            <Button type="submit" leftSection={<IconFilter size={16} aria-hidden />}>
              Filter
            </Button>
            <Button variant="subtle" type="button" onClick={reset}>
              Clear
            </Button>
          </Group>
        </Group>
      </form>
    </Paper>
  );
}

const detailText = (detail: AuditEntry['detail']) =>
  Object.entries(detail)
    .map(([key, value]) => `${key.replaceAll('_', ' ')}: ${value === null ? '–' : String(value)}`)
    .join(' · ');

function EntriesTable({ entries, showCompany }: { entries: AuditEntry[]; showCompany: boolean }) {
  return (
    <Table.ScrollContainer
      minWidth={900}
      // The table holds no link or button: the viewport itself takes the focus, so that a keyboard
      // scrolls it sideways (axe: scrollable-region-focusable).
      scrollAreaProps={{
        viewportProps: {
          tabIndex: 0,
          role: 'region',
          'aria-label': 'Audit trail entries, scrolling sideways',
        },
      }}
    >
      <Table striped verticalSpacing="xs" fz="sm" aria-label="Audit trail entries">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">#</Table.Th>
            <Table.Th scope="col">When</Table.Th>
            <Table.Th scope="col">Who</Table.Th>
            <Table.Th scope="col">Action</Table.Th>
            {showCompany ? <Table.Th scope="col">Company</Table.Th> : null}
            <Table.Th scope="col">Test</Table.Th>
            <Table.Th scope="col">Participant</Table.Th>
            <Table.Th scope="col">Details</Table.Th>
            <Table.Th scope="col">Address</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.seq}>
              <Table.Td>{entry.seq}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.at)}</Table.Td>
              <Table.Td>{entry.actor.label}</Table.Td>
              <Table.Td>{AUDIT_ACTION_NAMES[entry.action]}</Table.Td>
              {showCompany ? (
                <Table.Td>{entry.company?.name ?? (entry.company ? `#${entry.company.id}` : '')}</Table.Td>
              ) : null}
              <Table.Td>
                {entry.test ? `${entry.test.name ?? 'Removed test'} (${entry.test.id})` : ''}
              </Table.Td>
              <Table.Td>
                {entry.participant
                  ? (entry.participant.label ?? (
                      <Text span size="sm" c="dimmed" title={`Pseudonym ${entry.participant.subject}`}>
                        Erased ({entry.participant.subject})
                      </Text>
                    ))
                  : ''}
              </Table.Td>
              <Table.Td>
                <Text size="xs">{detailText(entry.detail)}</Text>
              </Table.Td>
              <Table.Td>{entry.address ?? 'System'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ChainStatus({ result }: { result: AuditVerification }) {
  if (result.is_intact)
    return (
      <Alert
        color="teal"
        variant="light"
        icon={<IconShieldCheck size={20} aria-hidden />}
        title="Intact"
        role="status"
      >
        {result.reason} {formatCount(result.entries)} {result.entries === 1 ? 'entry' : 'entries'} checked,{' '}
        {formatDateTime(result.checked_at)}.
      </Alert>
    );
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconShieldX size={20} aria-hidden />}
      title="Broken"
      role="alert"
    >
      {result.reason} Checked {formatCount(result.entries)} entries, {formatDateTime(result.checked_at)}.
    </Alert>
  );
}

/** The check of the hash chain (staff): is any entry altered, or removed before the last one? */
function ChainCheck() {
  const check = useAuditVerification(true);
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="audit-chain-title">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={2} fz={18} id="audit-chain-title">
          Chain verification
        </Title>
        <Button variant="default" size="xs" onClick={() => void check.refetch()} loading={check.isFetching}>
          Check again
        </Button>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        Each entry's hash covers its content and the hash before it: an altered or removed entry breaks the
        chain. Entries cut off at the end are found only against a last hash kept elsewhere.
      </Text>
      {/* as tall as the verdict, so that the filters below do not move when it arrives */}
      <Box mih={{ base: 128, sm: 86 }}>
        {check.isPending ? <BlockSkeleton height={86} /> : null}
        {check.isError ? <ErrorAlert error={check.error} title="The chain could not be checked" /> : null}
        {check.data ? <ChainStatus result={check.data} /> : null}
      </Box>
    </Paper>
  );
}
