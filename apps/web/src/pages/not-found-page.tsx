import { Button, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link } from 'react-router';

/** Any address without a screen. Pages of later releases (tests, resources…) land here for now. */
export function NotFoundPage() {
  useEffect(() => {
    document.title = 'Page not found · Limbus';
  }, []);
  return (
    <Stack gap="md" align="flex-start" maw={560} py="xl">
      <Text c="dimmed" fw={700} fz={48} lh={1}>
        404
      </Text>
      <Title order={1} fz={28}>
        This page does not exist
      </Title>
      <Text c="dimmed">
        The address may be mistyped, or the page is not part of this version of Limbus yet.
      </Text>
      <Button component={Link} to="/home">
        Back to home
      </Button>
    </Stack>
  );
}
