import { RECENT_TESTS_ON_HOME } from '@limbus/contract';
import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { BlockSkeleton, ErrorAlert } from '../../../ui';
import { namesCompanies, TestCard, useRecentTests } from '../../user-tests';

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
  const showsCompany = namesCompanies(recent);

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
          : recent.map((test, index) => (
              // the cards of /tests/ enter one by one (spec 2 §9); home shows its four at once
              <TestCard
                key={test.id}
                test={test}
                index={index}
                animated={false}
                showsCompany={showsCompany}
              />
            ))}
        {!tests.isLoading && recent.length < RECENT_TESTS_ON_HOME ? <CreateTestCard /> : null}
      </SimpleGrid>
    </section>
  );
}
