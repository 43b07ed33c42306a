import { Anchor, Box, Container, Group, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandMark } from '../../../ui';

/** The frame of every public screen: brand bar and a centred card. */
export function AuthFrame({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <Box mih="100vh" bg="var(--mantine-color-gray-0)" py={{ base: 'md', sm: 48 }}>
      <Container size={wide ? 1040 : 480}>
        <Group justify="space-between" mb="lg">
          <Anchor component={Link} to="/signup" underline="never" aria-label="Limbus, go to sign in">
            <BrandMark />
          </Anchor>
        </Group>
        {wide ? (
          children
        ) : (
          <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }}>
            {children}
          </Paper>
        )}
        <Text size="xs" c="dimmed" ta="center" mt="xl">
          Limbus · neuro-usability research
        </Text>
      </Container>
    </Box>
  );
}
