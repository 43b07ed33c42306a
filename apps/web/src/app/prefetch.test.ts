import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, storeSession } from '../api';
import { makeUser, useFakeApi } from '../test/fake-api';
import { prefetchDataOf } from './prefetch';
import { createQueryClient } from './query-client';

afterEach(() => clearSession());

/** A done Professional web test, which a client's every screen of it shows. */
const doneTest = (extra: object = {}) => ({
  id: 7,
  state: 'done',
  test_type: 'professional',
  platform: 'website',
  heatmaps: [],
  ...extra,
});

const at = (address: string) => {
  const url = new URL(address, 'http://limbus.test');
  return { pathname: url.pathname, search: url.search };
};

describe('prefetchDataOf', () => {
  it('asks for the user and the test of a results address before any screen renders', async () => {
    const fake = useFakeApi({
      'GET /users/me': { body: makeUser() },
      'GET /tests/7': { body: { id: 7 } },
    });
    storeSession('jwt', makeUser());
    const queryClient = createQueryClient();
    prefetchDataOf(queryClient, at('/test/7/overview'));
    prefetchDataOf(queryClient, at('/research/test/9/scenes'));
    prefetchDataOf(queryClient, at('/video-test/11/summary'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fake.calls.map((call) => call.path).sort()).toEqual(
      ['/tests/11', '/tests/7', '/tests/9', '/users/me'].sort(),
    );
  });

  it('asks for nothing without a session, and only for the user elsewhere', async () => {
    const fake = useFakeApi({ 'GET /users/me': { body: makeUser() } });
    prefetchDataOf(createQueryClient(), at('/test/7/overview'));
    expect(fake.calls).toEqual([]);
    storeSession('jwt', makeUser());
    prefetchDataOf(createQueryClient(), at('/tests'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fake.calls.map((call) => call.path)).toEqual(['/users/me']);
  });

  it('asks for the first heatmap page’s screenshot with the test on a heatmaps address only', async () => {
    const screenshot = '/api/v1/tests/7/heatmap_screenshots/a.png?expires=1&signature=s';
    useFakeApi({
      'GET /users/me': { body: makeUser() },
      'GET /tests/7': { body: doneTest({ heatmaps: [{ id: 1, screenshot, screenshot_width: null }] }) },
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
    prefetchDataOf(createQueryClient(), at('/test/7/overview'));
    prefetchDataOf(createQueryClient(), at('/test/7/heatmaps'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sources).toEqual([screenshot]);
    vi.unstubAllGlobals();
  });

  it('asks for a heatmaps screen’s pages, participants and first gaze with the test, and says when all have come', async () => {
    let answerPoints = () => {};
    const fake = useFakeApi({
      'GET /users/me': { body: makeUser() },
      'GET /tests/7': { body: doneTest({ heatmaps: [{ id: 3, screenshot: null, screenshot_width: null }] }) },
      'GET /tests/7/heatmaps': { body: { data: { heatmaps: [] } } },
      'GET /tests/7/participants': { body: [] },
      'GET /tests/7/heatmaps/3/points': () =>
        new Promise((resolve) => {
          answerPoints = () => resolve({ body: { data: {} } });
        }),
    });
    storeSession('jwt', makeUser());
    let arrived = false;
    const data = prefetchDataOf(createQueryClient(), at('/test/7/participant/25/heatmap')).then(() => {
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
    await expect(prefetchDataOf(createQueryClient(), at('/test/7/heatmaps'))).resolves.toBeUndefined();
  });

  it('asks for the first data of the recording, video, journey, benchmark and section video screens', async () => {
    const participant = (id: number, source: 'lab' | 'webcam') => ({
      id,
      real_id: `P${id}`,
      type: 'default',
      source,
      demographic: { age: 47, gender: 'male', education: 'HBO' },
      started_at: 1_790_000_000,
      ended_at: 1_790_000_107,
      time_to_complete_ms: 107_000,
      total_clicks: 12,
      favourite: false,
      removed: [],
      test_id: 7,
      state: 'finished',
      video: null,
      sections: [],
      significant_points: [],
    });
    const fake = useFakeApi({
      'GET /users/me': { body: makeUser() },
      'GET /tests/7': { body: doneTest() },
      'GET /tests/7/labels': { body: { data: { labels: [{ id: 4 }, { id: 5 }] } } },
      'GET /tests/7/participants/25': { body: participant(25, 'lab') },
      'GET /tests/7/participants/26': { body: participant(26, 'webcam') },
    });
    // the samples come as files, through the page's own fetch
    const files: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        files.push(url.replace('/api/v1', ''));
        return new Response(null, { status: 404 });
      }),
    );
    storeSession('jwt', makeUser());
    const urlsOf = async (address: string) => {
      fake.calls.length = 0;
      await prefetchDataOf(createQueryClient(), at(address));
      return fake.calls.map((call) => call.url.replace('/api/v1', '')).sort();
    };
    expect(await urlsOf('/test/7/participant/25/recording')).toEqual([
      '/tests/7',
      '/tests/7/participants',
      '/tests/7/participants/25?associations=sections%2Csignificant_points&fields=video',
      '/users/me',
    ]);
    await vi.waitFor(() => expect(files).toHaveLength(3));
    expect(files.sort()).toEqual(
      ['emotions', 'eyes', 'mice'].map((kind) => `/tests/7/participants/25/streams/${kind}`),
    );
    // a webcam participant records no EEG: its emotions are not asked for (they would answer 404)
    files.length = 0;
    await urlsOf('/test/7/participant/26/recording');
    await vi.waitFor(() => expect(files).toHaveLength(2));
    expect(files.sort()).toEqual(['eyes', 'mice'].map((kind) => `/tests/7/participants/26/streams/${kind}`));
    expect(await urlsOf('/test/7/participant/25/video')).toEqual([
      '/tests/7',
      '/tests/7/participants/25?associations=sections%2Csignificant_points&fields=video',
      '/users/me',
    ]);
    expect(await urlsOf('/test/7/journey')).toContain('/tests/7/journey');
    expect(await urlsOf('/test/7/benchmark')).toContain('/tests/7/benchmark');
    expect(await urlsOf('/test/7/section-video?page=5')).toContain('/tests/7/section-clips?label_id=5');
    expect(await urlsOf('/test/7/section-video')).toContain('/tests/7/section-clips?label_id=4');
    // no other screen asked for samples
    expect(files).toHaveLength(2);
    vi.unstubAllGlobals();
  });

  it('asks for no data of a screen the address does not show: an Essential test’s journey goes to /locked', async () => {
    const fake = useFakeApi({
      'GET /users/me': { body: makeUser() },
      'GET /tests/7': { body: doneTest({ test_type: 'essential' }) },
      'GET /tests/8': { body: doneTest({ id: 8, state: 'running' }) },
    });
    storeSession('jwt', makeUser());
    await prefetchDataOf(createQueryClient(), at('/test/7/journey'));
    await prefetchDataOf(createQueryClient(), at('/test/8/heatmaps'));
    expect(fake.calls.map((call) => call.path).sort()).toEqual([
      '/tests/7',
      '/tests/8',
      '/users/me',
      '/users/me',
    ]);
  });
});
