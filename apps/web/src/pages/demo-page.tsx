import { Button, Card, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBook2, IconPlayerPlay } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCurrentUser } from '../features/account';
import { PageTitle } from '../ui';

/** /demo: where demo users land; learn first or start right away. */
export function DemoPage() {
  const { user } = useCurrentUser();
  const name = user?.profile.first_name;
  return (
    <Stack gap="lg">
      <PageTitle>{name ? `Welcome, ${name}` : 'Welcome'}</PageTitle>
      <Text c="dimmed" mt={-12} maw={680}>
        This demo account shows real example results. Learn how neuro-usability testing works, or open the
        example tests and explore emotions, eye tracking and feedback yourself.
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" maw={960}>
        <Card p="xl" component="section" aria-labelledby="learn-title">
          <Stack gap="md" h="100%">
            <ThemeIcon size={48} radius="xl" variant="light">
              <IconBook2 size={26} aria-hidden />
            </ThemeIcon>
            <Title order={2} fz={22} id="learn-title">
              Learn
            </Title>
            <Text c="dimmed">
              Read how tests are set up, what joy, attention and frustration tell you, and how to turn results
              into design decisions.
            </Text>
            <Button component={Link} to="/resources" variant="light" mt="auto" w="fit-content">
              Open the knowledge base
            </Button>
          </Stack>
        </Card>
        <Card p="xl" component="section" aria-labelledby="start-title">
          <Stack gap="md" h="100%">
            <ThemeIcon size={48} radius="xl" variant="light" color="teal">
              <IconPlayerPlay size={26} aria-hidden />
            </ThemeIcon>
            <Title order={2} fz={22} id="start-title">
              Start
            </Title>
            <Text c="dimmed">
              Go to the tests and open an example: watch recordings, read the insights and compare
              participants.
            </Text>
            <Button component={Link} to="/tests" mt="auto" w="fit-content">
              Go to the tests
            </Button>
          </Stack>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
