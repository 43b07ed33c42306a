import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { storeSession } from '../api';
import { TestLayout } from '../features/test-results';
import { makeUser, useFakeApi } from '../test/fake-api';
import { TestProviders } from '../test/render';
import { makeTestDetail } from '../test/test-detail';
import { ParticipantHeatmapPage } from './heatmaps-page';

/** Renders the screen on a fake server (a "hook" for biome: it installs the fake fetch). */
function useRenderedAt(participantId: number) {
  const user = makeUser();
  const test = makeTestDetail({
    id: 7,
    state: 'done',
    participants: [{ id: 25, real_id: 'P0001', type: 'default', started_at: null, ended_at: null }],
  });
  useFakeApi({
    'GET /users/me': { body: user },
    'GET /tests/7': { body: test },
    'GET /tests/7/heatmaps': { body: { data: { heatmaps: [] } } },
  });
  storeSession('jwt', user);
  const router = createMemoryRouter(
    [
      {
        path: '/test/:id',
        element: <TestLayout />,
        children: [{ path: 'participant/:participantId/heatmap', element: <ParticipantHeatmapPage /> }],
      },
    ],
    { initialEntries: [`/test/7/participant/${participantId}/heatmap`] },
  );
  render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
}

describe("a participant's heatmap", () => {
  it('issue 26, one name per participant: the title names participant 25 by its label, not its id', async () => {
    useRenderedAt(25);
    expect(await screen.findByRole('heading', { name: 'Heatmap of participant P0001' })).toBeTruthy();
    expect(screen.queryByText(/participant 25/i)).toBeNull();
  });

  it('names no id for a participant the test does not list', async () => {
    useRenderedAt(26);
    expect(await screen.findByRole('heading', { name: 'Heatmap of a participant' })).toBeTruthy();
    expect(screen.queryByText(/26/)).toBeNull();
  });
});
