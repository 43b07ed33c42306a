import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';

/** The 'Back to …' link above a page's title; left out of print. */
export function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <Anchor component={Link} to={to} size="sm" mb="md" display="inline-block" className="no-print">
      <Group gap={4}>
        <IconArrowLeft size={16} aria-hidden /> {children}
      </Group>
    </Anchor>
  );
}
