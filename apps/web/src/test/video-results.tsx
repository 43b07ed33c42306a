import type { ParticipantSummary, TestDetail, VideoResults } from '@limbus/contract';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { storeSession } from '../api';
import { makeUser } from './fake-api';
import { TestProviders } from './render';
import { makeTestDetail } from './test-detail';

/** A video test of company 3 (the signed-in client's company in `renderVideoScreen`). */
export const makeVideoTest = (overrides: Partial<TestDetail> = {}) =>
  makeTestDetail({ id: 7, platform: 'video', state: 'done', test_type: 'professional', ...overrides });

/** GET /tests/{id}/video_results of a test not processed yet; overrides fill in the results. */
export function makeVideoResults(overrides: Partial<VideoResults> = {}): VideoResults {
  return {
    stats: {
      participants: 12,
      male: 5,
      female: 7,
      average_age: 34,
      target_group: 'default',
      custom_target: '',
    },
    processing: false,
    has_results: false,
    video_participant_id: null,
    video: '/api/v1/tests/7/video?expires=1&signature=a',
    heatmap_video: null,
    timeline_start: null,
    duration_ms: 0,
    scores: [],
    scenes: [],
    points: [],
    moments: [],
    gaze_cohort: 'all',
    emotions_cohort: 'all',
    ...overrides,
  };
}

/** A row of GET /tests/{id}/participants. */
export const makeViewer = (id: number, realId: string, favourite = false): ParticipantSummary => ({
  id,
  real_id: realId,
  type: 'default',
  source: 'lab',
  demographic: { age: 30 + id, gender: 'female', education: 'Bachelor' },
  started_at: 1_700_000_000,
  ended_at: 1_700_000_090,
  time_to_complete_ms: 90_000,
  total_clicks: 3,
  favourite,
  removed: [],
  video: null,
});

/**
 * Renders a results screen at `path` the way TestLayout does (the loaded test in the outlet
 * context), signed in as an admin of the test's company (or `role`).
 */
export function renderVideoScreen(
  element: ReactElement,
  {
    test,
    route,
    path,
    role = 'company_admin',
    language = '',
  }: {
    test: TestDetail;
    route: string;
    path: string;
    role?: 'company_admin' | 'demo' | 'admin';
    /** The reader's language on their account ('' = the browser's). */
    language?: string;
  },
) {
  const company = {
    id: test.company_id,
    name: test.company.name,
    licence_analysis: false,
    licence_research: false,
    is_demo: false,
    is_provider: false,
  };
  const user = makeUser({ role, company_id: test.company_id, company });
  storeSession('jwt', { ...user, profile: { ...user.profile, language } });
  const router = createMemoryRouter(
    [
      { element: <Outlet context={test} />, children: [{ path: route, element }] },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return router;
}
