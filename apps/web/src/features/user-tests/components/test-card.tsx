import { TEST_TYPE_NAMES, type TestSummary } from '@limbus/contract';
import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatDate } from '../../../ui';
import { stateLabel, TEST_STATE_COLORS } from '../test-labels';
import { testHref } from '../test-links';
import { DeviceSelector } from './device-selector';
import classes from './test-cards.module.css';

/** Spec 2 §9: each card of /tests/ enters 100 ms after the one before it. */
export const TEST_CARD_STAGGER_MS = 100;

/** Staff see every company's tests: when a list holds several companies, each card names its own. */
export const namesCompanies = (tests: readonly TestSummary[]) =>
  new Set(tests.map((test) => test.company_id)).size > 1;

/**
 * A test as a card, on /tests/ and among the recent tests of /home: its device, state and type;
 * the whole card links by state and platform.
 */
export function TestCard({
  test,
  index,
  animated,
  showsCompany = false,
}: {
  test: TestSummary;
  index: number;
  animated: boolean;
  /** Staff see every company's tests: each card then names its company. */
  showsCompany?: boolean;
}) {
  return (
    <Card
      withBorder
      padding="lg"
      h="100%"
      className={animated ? `${classes.card} ${classes.animated}` : classes.card}
      style={animated ? { animationDelay: `${index * TEST_CARD_STAGGER_MS}ms` } : undefined}
      data-testid="test-card"
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <DeviceSelector platform={test.platform} />
          <Badge color={TEST_STATE_COLORS[test.state]} variant="light">
            {stateLabel(test.state)}
          </Badge>
        </Group>
        <Anchor
          component={Link}
          to={testHref(test)}
          fw={600}
          c="inherit"
          lineClamp={2}
          className={classes.cardLink}
        >
          {test.name}
        </Anchor>
        <Text size="xs" c="dimmed" mt="auto">
          {showsCompany ? `${test.company.name} · ` : ''}
          {TEST_TYPE_NAMES[test.test_type]} · updated {formatDate(test.updated_at)}
        </Text>
      </Stack>
    </Card>
  );
}
