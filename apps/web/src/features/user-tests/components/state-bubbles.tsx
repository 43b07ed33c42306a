import { TEST_STATES, type TestState } from '@limbus/contract';
import { Chip, Group } from '@mantine/core';
import { stateLabel, TEST_STATE_COLORS } from '../test-labels';

/** The state filter bubbles (draft, requested, in-progress, done); none switched on means all states. */
export function StateBubbles({
  value,
  onChange,
  label = 'Filter by status',
}: {
  value: readonly TestState[];
  onChange: (states: TestState[]) => void;
  label?: string;
}) {
  return (
    <Group gap="xs" role="group" aria-label={label}>
      <Chip.Group multiple value={[...value]} onChange={(states) => onChange(states as TestState[])}>
        {TEST_STATES.map((state) => (
          <Chip key={state} value={state} color={TEST_STATE_COLORS[state]} variant="light" size="sm">
            {stateLabel(state)}
          </Chip>
        ))}
      </Chip.Group>
    </Group>
  );
}
