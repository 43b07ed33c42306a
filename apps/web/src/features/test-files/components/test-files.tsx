import { participantLabel, type TestFile } from '@limbus/contract';
import { Badge, Button, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { fetchApiFile } from '../../../api';
import { Empty, ErrorAlert, formatDateTime, formatFileSize, saveFile, TableSkeleton } from '../../../ui';
import { useTestFiles } from '../api';
import { groupTestFiles } from '../test-file-groups';

/** /research/test/{id}/files: the test's files by group, each with size, date and a download. */
export function TestFiles({ testId }: { testId: number }) {
  const files = useTestFiles(testId);
  if (files.isPending) return <TableSkeleton />;
  if (files.isError) return <ErrorAlert error={files.error} title="The files could not be loaded" />;
  if (files.data.length === 0)
    return (
      <Empty
        title="There are no files for this test yet"
        description="Recordings appear here once participants have taken the test; uploads and exports once they are added."
      />
    );
  return (
    <Stack gap="xl">
      {groupTestFiles(files.data).map((group) => (
        <Stack key={group.title} gap="xs" component="section" aria-labelledby={`files-${group.key}`}>
          <Title order={2} fz="lg" id={`files-${group.key}`}>
            {group.title}{' '}
            <Text span c="dimmed" fz="sm" fw={400}>
              ({group.files.length})
            </Text>
          </Title>
          <Text size="sm" c="dimmed">
            {group.description}
          </Text>
          <FileTable files={group.files} />
        </Stack>
      ))}
    </Stack>
  );
}

function FileTable({ files }: { files: readonly TestFile[] }) {
  return (
    <Paper withBorder>
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>File</Table.Th>
              <Table.Th>Participant</Table.Th>
              <Table.Th ta="right">Stored size</Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th>
                <VisuallyHidden>Download</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {files.map((file) => (
              <Table.Tr key={file.url}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {file.title}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {file.file_name}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {file.participant ? (
                    participantLabel(file.participant)
                  ) : (
                    <Badge variant="light">Test</Badge>
                  )}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {file.size === null ? '–' : formatFileSize(file.size)}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(file.updated_at)}</Table.Td>
                <Table.Td ta="right">
                  <DownloadButton file={file} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

const downloadLabel = (file: TestFile) =>
  `Download ${file.title.toLowerCase()}${file.participant ? ` of participant ${participantLabel(file.participant)}` : ''}`;

/** Signed and outside links download directly; API files are fetched with the session first. */
function DownloadButton({ file }: { file: TestFile }) {
  const [isLoading, setLoading] = useState(false);
  const icon = <IconDownload size={14} aria-hidden />;
  if (file.access !== 'token')
    return (
      <Button
        component="a"
        href={file.url}
        download={file.access === 'signed' ? file.file_name : undefined}
        target={file.access === 'external' ? '_blank' : undefined}
        rel={file.access === 'external' ? 'noopener noreferrer' : undefined}
        size="xs"
        variant="light"
        leftSection={icon}
        aria-label={downloadLabel(file)}
      >
        Download
      </Button>
    );
  const handleDownload = async () => {
    setLoading(true);
    try {
      await saveApiFile(file);
    } catch {
      notifications.show({ color: 'red', message: `${file.file_name} could not be downloaded` });
    } finally {
      setLoading(false);
    }
  };
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={icon}
      loading={isLoading}
      onClick={handleDownload}
      aria-label={downloadLabel(file)}
    >
      Download
    </Button>
  );
}

async function saveApiFile(file: TestFile): Promise<void> {
  const response = await fetchApiFile(file.url);
  if (!response.ok) throw new Error(`status ${response.status}`);
  saveFile(await response.blob(), file.file_name);
}
