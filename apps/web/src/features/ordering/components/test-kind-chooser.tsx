import { Card, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBrowser, IconMovie } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Link } from 'react-router';

type Choice = {
  to: string;
  title: string;
  description: string;
  Icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
};

const CHOICES: Choice[] = [
  {
    to: '/create-test/web',
    title: 'Website & apps',
    description:
      'Participants use your website or app on a desktop or a phone while we record what they feel.',
    Icon: IconBrowser,
  },
  {
    to: '/create-test/video',
    title: 'Videos',
    description: 'Participants watch your commercial or video; we show which scenes hold attention.',
    Icon: IconMovie,
  },
];

/** /create-test: the two kinds of test a company can order. */
export function TestKindChooser() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" maw={880}>
      {CHOICES.map(({ to, title, description, Icon }) => (
        <Card key={to} component={Link} to={to} withBorder padding="xl" aria-label={title}>
          <Stack gap="md">
            <ThemeIcon size={56} radius="md" variant="light">
              <Icon size={32} aria-hidden />
            </ThemeIcon>
            <Title order={2} fz={22}>
              {title}
            </Title>
            <Text c="dimmed">{description}</Text>
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
