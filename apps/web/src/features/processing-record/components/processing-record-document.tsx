import {
  CONSENT_PURPOSE_NAMES,
  CONSENT_STREAM_NAMES,
  type ConsentPurpose,
  type ConsentStream,
  type ProcessingRecord,
} from '@limbus/contract';
import { Badge, Button, List, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import {
  BlockSkeleton,
  DetailList,
  Empty,
  ErrorAlert,
  formatCount,
  formatDateTime,
  PageTitle,
} from '../../../ui';
import { useProcessingRecord } from '../api';

/**
 * A company's record of processing activities (GDPR Art. 30) as a document to read and print:
 * the numbered sections of the article, each read from the company's data.
 */
export function ProcessingRecordDocument({ companyId, back }: { companyId: number; back?: ReactNode }) {
  const record = useProcessingRecord(companyId);
  return (
    <>
      {back}
      <PageTitle
        actions={
          record.data ? (
            <Button
              className="no-print"
              variant="light"
              leftSection={<IconPrinter size={18} aria-hidden />}
              onClick={() => window.print()}
            >
              Print or save as PDF
            </Button>
          ) : null
        }
      >
        Record of processing
      </PageTitle>
      {record.isLoading ? <BlockSkeleton height={640} /> : null}
      {record.isError ? (
        <ErrorAlert error={record.error} title="The record of processing could not be loaded" />
      ) : null}
      {record.data ? <RecordSections record={record.data} /> : null}
    </>
  );
}

const people = (count: number) => `${formatCount(count)} ${count === 1 ? 'participant' : 'participants'}`;
const days = (count: number) => `${formatCount(count)} ${count === 1 ? 'day' : 'days'}`;

function RecordSections({ record }: { record: ProcessingRecord }) {
  const { participants } = record.data_subjects;
  return (
    <Stack gap="lg">
      <Text c="dimmed">
        GDPR Art. 30 · the studies {record.controller.name} runs on Limbus · read from the data on{' '}
        {formatDateTime(record.generated_at)}
      </Text>
      <Section number={1} title="Controller and processor">
        <DetailList
          items={[
            { label: 'Controller', value: record.controller.name },
            { label: "Controller's address", value: record.controller.address },
            {
              label: 'Contact in Limbus',
              value: record.controller.contact
                ? `${record.controller.contact.name || record.controller.contact.email} (${record.controller.contact.email})`
                : 'No company admin named',
            },
            { label: 'Processor', value: record.processor.name },
            { label: "Processor's address", value: record.processor.address },
            { label: 'Data protection officer', value: 'Not recorded in Limbus: add your DPO by hand' },
          ]}
        />
      </Section>
      <Section number={2} title="Purposes and legal basis">
        <Text size="sm" mb="sm">
          Each purpose rests on the participant's explicit consent (Art. 6(1)(a) and Art. 9(2)(a)), recorded
          per participant with the version of the terms, what was granted, when and how. A withdrawal takes
          effect at once.
        </Text>
        <CountTable
          label="Purposes"
          rows={record.purposes.map((row) => ({ key: row.purpose, name: row.name, granted: row.granted }))}
          total={participants}
        />
      </Section>
      <Section number={3} title="Categories of data subjects">
        <Text size="sm">
          The participants of {formatCount(record.data_subjects.tests)}{' '}
          {record.data_subjects.tests === 1 ? 'test' : 'tests'}: {people(participants)}, of whom{' '}
          {formatCount(record.data_subjects.with_consent)} with a consent record. Participants are recruited
          by the company or the lab and known in Limbus by a code, not by name.
        </Text>
      </Section>
      <Section number={4} title="Categories of personal data">
        <Text size="sm" mb="sm">
          With each participant: age, gender and education, and researchers' comments on moments of the
          recording.
        </Text>
        <CountTable
          label="Categories of personal data"
          rows={record.data_categories.map((row) => ({
            key: row.stream,
            name: row.name,
            granted: row.granted,
            badge: row.special_category ? 'Special category (Art. 9)' : undefined,
          }))}
          total={participants}
        />
      </Section>
      <Section number={5} title="Recipients">
        <BulletList items={record.recipients} />
      </Section>
      <Section number={6} title="Where the data is kept: transfers to third countries">
        <DetailList
          cols={3}
          items={[
            { label: 'Database', value: record.locations.database },
            { label: 'Files (recordings, streams)', value: record.locations.files },
            { label: 'AI text', value: record.locations.ai },
          ]}
        />
      </Section>
      <Section number={7} title="Time limits for erasure">
        <RetentionLimits record={record} />
      </Section>
      <Section number={8} title="Technical and organisational security measures">
        <BulletList items={record.security_measures} />
      </Section>
      <Section number={9} title="Tests covered">
        <TestsTable tests={record.tests} />
      </Section>
    </Stack>
  );
}

function Section({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  const id = `record-section-${number}`;
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby={id} className="print-keep">
      <Title order={2} fz={18} id={id} mb="sm">
        {number}. {title}
      </Title>
      {children}
    </Paper>
  );
}

function BulletList({ items }: { items: string[] }) {
  return (
    <List size="sm" spacing={6}>
      {items.map((item) => (
        <List.Item key={item}>{item}</List.Item>
      ))}
    </List>
  );
}

type CountRow = { key: string; name: string; granted: number; badge?: string | undefined };

/** What participants granted, as 'n of N participants'. */
function CountTable({ label, rows, total }: { label: string; rows: CountRow[]; total: number }) {
  return (
    <Table aria-label={label} verticalSpacing="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{label}</Table.Th>
          <Table.Th scope="col">Granted in the consent in force</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.key}>
            <Table.Td>
              {row.name}{' '}
              {row.badge ? (
                <Badge variant="light" color="grape" size="sm" ml={4}>
                  {row.badge}
                </Badge>
              ) : null}
            </Table.Td>
            <Table.Td>
              {formatCount(row.granted)} of {people(total)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function RetentionLimits({ record }: { record: ProcessingRecord }) {
  const { retention } = record;
  return (
    <Stack gap="xs">
      <DetailList
        cols={3}
        items={[
          {
            label: 'Screen and voice recordings',
            value: `${days(retention.recordings_days)} after the test is done`,
          },
          { label: 'Raw streams', value: `${days(retention.streams_days)} after the recording` },
          { label: 'Derived results', value: 'As long as the test' },
        ]}
      />
      <Text size="sm">
        {retention.is_default
          ? 'The default retention policy applies.'
          : `The company's own retention policy, changed ${formatDateTime(retention.updated_at)}.`}{' '}
        A participant is erased on request (Art. 17), with a verified receipt; deleting a test deletes all of
        its data.
      </Text>
    </Stack>
  );
}

const streamNames = (streams: ConsentStream[]) =>
  streams.map((stream) => CONSENT_STREAM_NAMES[stream]).join(', ');
const purposeNames = (purposes: ConsentPurpose[]) =>
  purposes.map((purpose) => CONSENT_PURPOSE_NAMES[purpose]).join('; ');

function TestsTable({ tests }: { tests: ProcessingRecord['tests'] }) {
  if (tests.length === 0) return <Empty title="The company has no tests yet" />;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table aria-label="Tests covered" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Test</Table.Th>
            <Table.Th scope="col">Participants</Table.Th>
            <Table.Th scope="col">Consent terms</Table.Th>
            <Table.Th scope="col">Streams and purposes</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tests.map((test) => (
            <Table.Tr key={test.id}>
              <Table.Td>{test.name}</Table.Td>
              <Table.Td>{formatCount(test.participants)}</Table.Td>
              <Table.Td>
                {test.terms_version === null ? 'No consent terms' : `Version ${test.terms_version}`}
              </Table.Td>
              <Table.Td>
                {test.terms_version === null ? (
                  '—'
                ) : (
                  <>
                    <Text size="sm">{streamNames(test.streams)}</Text>
                    <Text size="xs" c="dimmed">
                      {purposeNames(test.purposes)}
                    </Text>
                  </>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
