import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { theme } from '../app/theme';

export function createTestQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

export function TestProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient ?? createTestQueryClient()}>
      <MantineProvider theme={theme} env="test">
        <ModalsProvider>{children}</ModalsProvider>
      </MantineProvider>
    </QueryClientProvider>
  );
}

/** Renders `element` at `path` inside the providers; extra routes make navigation targets visible. */
export function renderWithProviders(
  element: ReactElement,
  { path = '/', routes = [] }: { path?: string; routes?: RouteObject[] } = {},
) {
  const router = createMemoryRouter(
    [{ path: path.split('?')[0], element }, ...routes, { path: '*', element: <p>Elsewhere</p> }],
    { initialEntries: [path] },
  );
  const result = render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { ...result, router };
}
