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
});
