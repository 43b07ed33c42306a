import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, clearSession, storeSession } from '../api';
import { takeEarlyAnswer } from '../api/early-answers';
import { createFakeFetch, makeUser } from '../test/fake-api';
import { askForFirstScreenData } from './first-screen-data';

const screenshot = '/api/v1/tests/7/heatmap_screenshots/a.png?expires=1&signature=s';
const routes = {
  'GET /users/me': { body: makeUser() },
  'GET /tests/7': { body: { id: 7, heatmaps: [{ id: 1, screenshot, screenshot_width: null }] } },
};

/** The page's first script uses the browser's fetch, before the app's client is configured. */
function fakeBrowserFetch() {
  const fake = createFakeFetch(routes);
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

function recordImages() {
  const sources: string[] = [];
  vi.stubGlobal(
    'Image',
    class {
      set src(value: string) {
        sources.push(value);
      }
    },
  );
  return sources;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  for (const path of ['/users/me', '/tests/7']) takeEarlyAnswer(path);
  clearSession();
  vi.unstubAllGlobals();
});

describe('askForFirstScreenData', () => {
  it("asks for the user and the test, and the app's client takes those answers instead of asking again", async () => {
    const fake = fakeBrowserFetch();
    storeSession('jwt', makeUser());
    askForFirstScreenData('/test/7/participant/25/recording');
    expect(fake.calls.map((call) => [call.path, call.headers.Authorization])).toEqual([
      ['/users/me', 'Bearer jwt'],
      ['/tests/7', 'Bearer jwt'],
    ]);
    api.configure({ fetch: fake.fetch });
    expect(await api.get('/tests/7')).toMatchObject({ id: 7 });
    expect(await api.get('/users/me')).toMatchObject({ id: 10 });
    expect(fake.calls, 'each early answer is used once, then the client asks').toHaveLength(2);
    await api.get('/tests/7');
    expect(fake.calls).toHaveLength(3);
  });

  it('asks for nothing without a session', () => {
    const fake = fakeBrowserFetch();
    askForFirstScreenData('/test/7/heatmaps');
    expect(fake.calls).toEqual([]);
  });

  it("asks for the first heatmap page's screenshot on a heatmaps address only", async () => {
    fakeBrowserFetch();
    const sources = recordImages();
    storeSession('jwt', makeUser());
    askForFirstScreenData('/test/7/overview');
    askForFirstScreenData('/test/7/heatmaps');
    await settle();
    expect(sources).toEqual([screenshot]);
  });
});

describe('early answers', () => {
  it('are not taken once stale: the client asks the server', async () => {
    const fake = fakeBrowserFetch();
    storeSession('jwt', makeUser());
    vi.useFakeTimers({ now: 0, toFake: ['Date'] });
    askForFirstScreenData('/tests');
    vi.setSystemTime(20_000);
    api.configure({ fetch: fake.fetch });
    await api.get('/users/me');
    expect(fake.calls.map((call) => call.path)).toEqual(['/users/me', '/users/me']);
    vi.useRealTimers();
  });
});
