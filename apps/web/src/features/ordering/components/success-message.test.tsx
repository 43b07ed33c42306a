import { TEST_MESSAGES } from '@limbus/contract';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { useFakeApi } from '../../../test/fake-api';
import { createTestQueryClient, TestProviders } from '../../../test/render';
import { testKeys, useTests } from '../../user-tests/api';
import { CONFETTI_COUNT, SuccessMessage } from './success-message';

// jsdom draws on no canvas: the confetti library is replaced at the edge and its calls recorded
const cannon = Object.assign(
  vi.fn(async () => undefined),
  { reset: vi.fn() },
);
vi.mock('canvas-confetti', () => ({ default: { create: vi.fn(() => cannon) } }));

/** A screen that shows the test list, as the sidebar's picker does while /success/ is open. */
function ListProbe() {
  useTests();
  return null;
}

describe('SuccessMessage', () => {
  it('shows the message, fires 300 confetti on its own canvas and fetches the test list again', async () => {
    const confetti = (await import('canvas-confetti')).default;
    const fake = useFakeApi({ 'GET /tests': { body: [] } });
    // a list in the cache that would not be fetched again on its own
    const queryClient = createTestQueryClient();
    queryClient.setDefaultOptions({ queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } });
    queryClient.setQueryData(testKeys.list(), []);
    const router = createMemoryRouter(
      [
        {
          path: '/success/',
          element: (
            <>
              <ListProbe />
              <SuccessMessage />
            </>
          ),
        },
      ],
      { initialEntries: ['/success/'] },
    );
    const { unmount } = render(
      <TestProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </TestProviders>,
    );

    expect(screen.getByText(TEST_MESSAGES.success)).toBeTruthy();
    expect(CONFETTI_COUNT).toBe(300);
    expect(confetti.create).toHaveBeenCalledWith(expect.any(HTMLCanvasElement), {
      resize: true,
      useWorker: false,
      disableForReducedMotion: true,
    });
    expect(cannon).toHaveBeenCalledWith(expect.objectContaining({ particleCount: 300 }));
    await waitFor(() =>
      expect(fake.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /tests']),
    );
    unmount();
    expect(cannon.reset).toHaveBeenCalled();
  });
});
