import type { ParticipantDetail, Platform } from '@limbus/contract';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../api';
import { makeUser, useFakeApi } from '../test/fake-api';
import { TestProviders } from '../test/render';
import { makeTestDetail } from '../test/test-detail';
import { ResearchParticipantPage } from './research-participant-page';

const researcher = makeUser({ role: 'admin' });

const participant: ParticipantDetail = {
  id: 25,
  real_id: 'P0001',
  type: 'default',
  source: 'lab',
  demographic: { age: 47, gender: 'male', education: 'HBO' },
  started_at: 1_700_000_000,
  ended_at: 1_700_000_107,
  time_to_complete_ms: 107_000,
  total_clicks: 12,
  favourite: false,
  removed: [],
  test_id: 7,
  state: 'finished',
  video: null,
  sections: [],
  significant_points: [],
  open_questions: [],
  evaluations: [],
  associations: [],
};

/** The calls of the screen, for a test of `platform`. */
function routesFor(platform: Platform) {
  return {
    'GET /users/me': { body: researcher },
    'GET /tests/7': { body: makeTestDetail({ id: 7, state: 'done', platform }) },
    'GET /tests/7/participants/25': { body: participant },
    'GET /tests/7/participants': { body: [] },
    'GET /tests/7/labels': { body: { data: { labels: [] } } },
    'GET /tests/7/insights': { body: { data: { insights: [] } } },
  };
}

function renderPage() {
  const path = '/research/test/:id/participants/:participantId';
  const router = createMemoryRouter([{ path, element: <ResearchParticipantPage /> }], {
    initialEntries: ['/research/test/7/participants/25'],
  });
  render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
}

beforeEach(() => {
  // the sample streams are bytes fetched without the API client: none here
  vi.stubGlobal('fetch', async () => new Response(null, { status: 404 }));
});

describe('ResearchParticipantPage', () => {
  it('shows the test’s insights on the Data tab of a web test', async () => {
    storeSession('jwt', researcher);
    useFakeApi(routesFor('desktop'));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Participant P0001' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Insights' })).toBeTruthy();
  });

  it('shows no insights panel for a video test', async () => {
    storeSession('jwt', researcher);
    useFakeApi(routesFor('video'));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Participant P0001' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Insights' })).toBeNull();
  });
});
