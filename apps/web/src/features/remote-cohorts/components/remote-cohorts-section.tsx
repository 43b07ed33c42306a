import type { RemoteCohort, RemoteCohortState, RemoteGazeSettings } from '@limbus/contract';
import { Badge, Button, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import { Empty, ErrorAlert, formatDate, formatNumber, TableSkeleton } from '../../../ui';
import { useCloseRemoteCohort, useRemoteCohorts } from '../api';
import { OpenCohortButton } from './open-cohort-dialog';

const STATE_COLORS: Record<RemoteCohortState, string> = {
  open: 'teal',
  full: 'blue',
  expired: 'gray',
  revoked: 'red',
};
const STATE_NAMES: Record<RemoteCohortState, string> = {
  open: 'Open',
  full: 'Full',
  expired: 'Expired',
  revoked: 'Closed',
};

const WHAT_A_COHORT_IS =
  'A remote cohort is a participant link for a recruitment panel such as Prolific: people take this test in their own browser, with webcam gaze, facial expressions and mouse (each as they consent), up to a number of participants and until a date.';

/**
 * /research/test/{id}/remote-cohorts: a test's remote cohorts (participants of the cap, expiry,
 * state, who opened it, the completion redirect and the gaze rule), opening one and closing one.
 */
export function RemoteCohortsSection({ testId }: { testId: number }) {
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Text size="sm" c="dimmed" maw={640}>
          {WHAT_A_COHORT_IS}
        </Text>
        <OpenCohortButton testId={testId} />
      </Group>
      <CohortList testId={testId} />
    </Stack>
  );
}

function CohortList({ testId }: { testId: number }) {
  const cohorts = useRemoteCohorts(testId);
  const close = useCloseRemoteCohort(testId);
  if (cohorts.isLoading) return <TableSkeleton />;
  if (cohorts.isError || !cohorts.data)
    return <ErrorAlert error={cohorts.error} title="The remote cohorts could not be loaded" />;
  if (cohorts.data.length === 0)
    return (
      <Empty
        title="No remote cohorts yet"
        description="Open a remote cohort, then copy its participant link into your panel's study: it is shown only once."
      />
    );
  const confirmClose = (cohort: RemoteCohort) =>
    modals.openConfirmModal({
      title: `Close cohort ${cohort.id}?`,
      centered: true,
      children: (
        <Text size="sm">
          Its link takes no new participant from now on, and sessions still running upload nothing more. The
          participants it has are kept. A closed cohort cannot be opened again.
        </Text>
      ),
      labels: { confirm: 'Close cohort', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => close.mutate(cohort.id),
    });
  return (
    <Stack gap="sm">
      {close.isError && <ErrorAlert error={close.error} title="The cohort could not be closed" />}
      <Table striped horizontalSpacing="xs" aria-label="Remote cohorts of this test">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Cohort</Table.Th>
            <Table.Th ta="right">Joined</Table.Th>
            <Table.Th visibleFrom="sm">Expires</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {cohorts.data.map((cohort) => (
            <CohortRow key={cohort.id} cohort={cohort} onClose={() => confirmClose(cohort)} />
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

const ON_FAILURE: Record<RemoteGazeSettings['on_failure'], string> = {
  continue_without_gaze: 'then goes on without gaze',
  stop: 'then ends the session',
};

/** The cohort's calibration rule in one line: 'Gaze: passes below 4°, 2 recalibrations, then goes on without gaze'. */
function gazeSummary(gaze: RemoteGazeSettings): string {
  const recalibrations =
    gaze.max_recalibrations === 0
      ? 'no recalibration'
      : `${gaze.max_recalibrations} ${gaze.max_recalibrations === 1 ? 'recalibration' : 'recalibrations'}`;
  const unvalidated = gaze.gaze_without_validation
    ? '; gaze kept without a passed calibration (flagged)'
    : '';
  return `Gaze: passes below ${formatNumber(gaze.threshold_deg, 1)}°, ${recalibrations}, ${ON_FAILURE[gaze.on_failure]}${unvalidated}`;
}

function CohortRow({ cohort, onClose }: { cohort: RemoteCohort; onClose: () => void }) {
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={600}>
          {cohort.id}
        </Text>
        <Text size="xs" c="dimmed">
          Opened {formatDate(cohort.created_at)}
          {cohort.created_by ? ` by ${cohort.created_by}` : ''}
        </Text>
        {/* a phone has no room for the Expires column */}
        <Text size="xs" c="dimmed" hiddenFrom="sm">
          Expires {formatDate(cohort.expires_at)}
        </Text>
        {/* lines, not columns: they wrap at any width, a phone's included */}
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {cohort.redirect_url ? `Redirect: ${cohort.redirect_url}` : 'No completion redirect'}
        </Text>
        <Text size="xs" c="dimmed">
          {gazeSummary(cohort.gaze)}
        </Text>
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {cohort.participants} of {cohort.cap}
      </Table.Td>
      <Table.Td visibleFrom="sm">{formatDate(cohort.expires_at)}</Table.Td>
      <Table.Td>
        {/* a badge truncates its label when the column is narrow: this one keeps its word */}
        <Badge color={STATE_COLORS[cohort.state]} variant="light" miw="max-content">
          {STATE_NAMES[cohort.state]}
        </Badge>
      </Table.Td>
      <Table.Td>
        {(cohort.state === 'open' || cohort.state === 'full') && (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            onClick={onClose}
            aria-label={`Close cohort ${cohort.id}`}
          >
            Close
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
