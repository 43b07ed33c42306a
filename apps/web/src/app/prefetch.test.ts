import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, storeSession } from '../api';
import { makeUser, useFakeApi } from '../test/fake-api';
import { prefetchDataOf } from './prefetch';
import { createQueryClient } from './query-client';

afterEach(() => clearSession());

describe('prefetchDataOf', () => {
  it('asks for the user and the test of a results address before any screen renders', async () => {
    const fake = useFakeApi({
      'GET /users/me': { body: makeUser() },
      'GET /tests/7': { body: { id: 7 } },
    });
    storeSession('jwt', makeUser());
    const queryClient = createQueryClient();
    prefetchDataOf(queryClient, '/test/7/participant/25/recording');
    prefetchDataOf(queryClient, '/research/test/9/scenes');
    prefetchDataOf(queryClient, '/video-test/11/summary');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fake.calls.map((call) => call.path).sort()).toEqual(
      ['/tests/11', '/tests/7', '/tests/9', '/users/me'].sort(),
    );
  });

  it('asks for nothing without a session, and only for the user elsewhere', async () => {
    const fake = useFakeApi({ 'GET /users/me': { body: makeUser() } });
    prefetchDataOf(createQueryClient(), '/test/7/overview');
    expect(fake.calls).toEqual([]);
    storeSession('jwt', makeUser());
    prefetchDataOf(createQueryClient(), '/tests');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fake.calls.map((call) => call.path)).toEqual(['/users/me']);
  });

  it('asks for the first heatmap page’s screenshot with the test on a heatmaps address only', async () => {
    const screenshot = '/api/v1/tests/7/heatmap_screenshots/a.png?expires=1&signature=s';
    useFakeApi({
      'GET /users/me': { body: makeUser() },
      'GET /tests/7': { body: { id: 7, heatmaps: [{ id: 1, screenshot, screenshot_width: null }] } },
    });
    const sources: string[] = [];
    vi.stubGlobal(
      'Image',
      class {
        set src(value: string) {
          sources.push(value);
        }
      },
    );
    storeSession('jwt', makeUser());
    prefetchDataOf(createQueryClient(), '/test/7/overview');
    prefetchDataOf(createQueryClient(), '/test/7/heatmaps');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sources).toEqual([screenshot]);
    vi.unstubAllGlobals();
  });

  it('asks for a heatmaps screen’s pages, participants and first gaze with the test, and says when all have come', async () => {
    let answerPoints = () => {};
    const fake = useFakeApi({
      'GET /users/me': { body: makeUser() },
      'GET /tests/7': { body: { id: 7, heatmaps: [{ id: 3, screenshot: null, screenshot_width: null }] } },
      'GET /tests/7/heatmaps': { body: { data: { heatmaps: [] } } },
      'GET /tests/7/participants': { body: [] },
      'GET /tests/7/heatmaps/3/points': () =>
        new Promise((resolve) => {
          answerPoints = () => resolve({ body: { data: {} } });
        }),
    });
    storeSession('jwt', makeUser());
    let arrived = false;
    const data = prefetchDataOf(createQueryClient(), '/test/7/participant/25/heatmap').then(() => {
      arrived = true;
    });
    await vi.waitFor(() => expect(fake.calls).toHaveLength(5));
    expect(fake.calls.map((call) => call.url).sort()).toEqual([
      '/api/v1/tests/7',
      '/api/v1/tests/7/heatmaps',
      '/api/v1/tests/7/heatmaps/3/points?kind=gaze&first_seconds=all&participant_id=25',
      '/api/v1/tests/7/participants',
      '/api/v1/users/me',
    ]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(arrived).toBe(false);
    answerPoints();
    await data;
    expect(arrived).toBe(true);
  });

  it('says the first screen’s data has come when an answer failed too (the screen shows the error)', async () => {
    useFakeApi({ 'GET /users/me': { body: makeUser() }, 'GET /tests/7': { status: 404, body: {} } });
    storeSession('jwt', makeUser());
    await expect(prefetchDataOf(createQueryClient(), '/test/7/heatmaps')).resolves.toBeUndefined();
  });
});
