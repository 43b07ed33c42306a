import '@mantine/core/styles.css';
import './global.css';
import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { cssVariablesResolver, theme } from './theme';

const Notices = lazy(() => import('./notices').then((module) => ({ default: module.Notices })));

export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        {children}
        <Suspense fallback={null}>
          <Notices />
        </Suspense>
      </MantineProvider>
    </QueryClientProvider>
  );
}
