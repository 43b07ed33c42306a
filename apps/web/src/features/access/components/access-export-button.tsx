import { Button, Group, Text } from '@mantine/core';
import { IconFileZip } from '@tabler/icons-react';
import { AppTooltip } from '../../../ui';
import { useAccessExport } from '../api';

const EXPLANATION =
  'Everything held about this participant as one ZIP, for a data subject’s request (GDPR Art. 15 and 20): metadata, consent history, streams as CSV, the recording, answers and comments. The download is recorded in the audit log.';

/** The research participant page's 'Access export' download. */
export function AccessExportButton({ testId, participantId }: { testId: number; participantId: number }) {
  const download = useAccessExport(testId, participantId);
  return (
    <Group justify="flex-end" gap="sm">
      {download.isError ? (
        <Text size="sm" c="red.8" role="alert">
          The access export failed: {download.error.message}
        </Text>
      ) : null}
      <AppTooltip label={EXPLANATION} multiline w={320}>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconFileZip size={16} aria-hidden />}
          loading={download.isPending}
          onClick={() => download.mutate()}
          aria-describedby="access-export-explanation"
        >
          Access export (ZIP)
        </Button>
      </AppTooltip>
      <span id="access-export-explanation" hidden>
        {EXPLANATION}
      </span>
    </Group>
  );
}
