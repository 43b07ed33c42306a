import { RECENT_TESTS_ON_HOME, type TestSummary } from '@limbus/contract';
import { Badge, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconDeviceDesktop, IconDeviceMobile, IconMovie, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { BlockSkeleton, ErrorAlert } from '../../../ui';
import { useRecentTests } from '../../tests/api';
import { stateLabel, TEST_STATE_COLORS } from '../../tests/test-labels';
import { testHref } from '../../tests/test-links';

const PLATFORM_ICONS = { desktop: IconDeviceDesktop, mobile: IconDeviceMobile, video: IconMovie } as const;

function TestCard({ test }: { test: TestSummary }) {
  const Icon = PLATFORM_ICONS[test.platform];
  return (
    <Card component={Link} to={testHref(test)} p="lg">
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap">
          <ThemeIcon variant="light" size="lg" radius="md">
            <Icon size={20} aria-hidden />
          </ThemeIcon>
          <Badge color={TEST_STATE_COLORS[test.state]} variant="light">
            {stateLabel(test.state)}
          </Badge>
        </Group>
        <Text fw={600} lineClamp={2}>
          {test.name}
        </Text>
        <Text size="xs" c="dimmed" tt="capitalize" mt="auto">
          {test.test_type} · {test.platform}
        </Text>
      </Stack>
    </Card>
  );
}

function CreateTestCard() {
  return (
    <Card
      component={Link}
      to="/create-test"
      p="lg"
      style={{ borderStyle: 'dashed', display: 'grid', placeItems: 'center', minHeight: 150 }}
    >
      <Stack align="center" gap="xs">
        <ThemeIcon size={44} radius="xl" variant="light">
          <IconPlus size={24} aria-hidden />
        </ThemeIcon>
        <Text fw={600}>Create a new test</Text>
      </Stack>
    </Card>
  );
}

/** Up to four recent tests, and a 'Create a new test' card while there are fewer. */
export function RecentTests() {
  const tests = useRecentTests();
  const recent = (tests.data ?? []).slice(0, RECENT_TESTS_ON_HOME);

  return (
    <section aria-labelledby="recent-tests-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz={20} id="recent-tests-title">
          Recent tests
        </Title>
        <Text component={Link} to="/tests" size="sm" c="var(--mantine-primary-color-filled)">
          All tests
        </Text>
      </Group>
      {tests.isError ? <ErrorAlert error={tests.error} title="Your tests could not be loaded" /> : null}
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
        {tests.isLoading
          ? Array.from({ length: RECENT_TESTS_ON_HOME }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <BlockSkeleton key={index} height={150} />
            ))
          : recent.map((test) => <TestCard key={test.id} test={test} />)}
        {!tests.isLoading && recent.length < RECENT_TESTS_ON_HOME ? <CreateTestCard /> : null}
      </SimpleGrid>
    </section>
  );
}
