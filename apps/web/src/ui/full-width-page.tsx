import { Box } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The margins of a full-width screen (spec 1 §2): the shell drops its 314 px inset and the width
 * cap there, so that recordings and charts get the room; the content still keeps off the edges.
 */
export function FullWidthPage({ children }: { children: ReactNode }) {
  return (
    <Box px={{ base: 'md', sm: 'xl' }} pt={{ base: 'md', sm: 'lg' }} pb="xl">
      {children}
    </Box>
  );
}
