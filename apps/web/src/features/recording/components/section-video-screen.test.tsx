import type { LabelWithMetrics, SectionClip, SectionClips } from '@limbus/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../../../api';
import { makeUser, useFakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { stubCanvas } from '../../../test/stub-canvas';
import { makeTestDetail } from '../../../test/test-detail';
import { SectionVideoScreen } from './section-video-screen';

const client = makeUser({ role: 'admin' });

const label = (id: number, name: string): LabelWithMetrics => ({
  id,
  test_id: 7,
  name,
  urls: [],
  match_type: 'exact',
  total_participants: 2,
  average_time: 10_000,
  joy: 0.3,
  attention: 0.5,
  frustration: 0.2,
  emotion_participants: 2,
  intervals: { joy: null, attention: null, frustration: null },
  significant_points: [],
});

const clip = (id: number, overrides: Partial<SectionClip> = {}): SectionClip => ({
  participant_id: id,
  real_id: `P000${id}`,
  start: 20,
  length: 12,
  video: `/api/v1/tests/7/participants/${id}/video?expires=1&signature=x`,
  video_pending: false,
  video_progress: null,
  video_removed: null,
  emotions: {
    seconds: [0, 6, 12],
    frustration: [0.2, 0.4, 0.1],
    joy: [0.5, 0.5, 0.6],
    attention: [0.3, 0.3, 0.3],
  },
  ...overrides,
});

/** Two of three participants visited the basket: one with a video, one whose video is being made. */
const basket: SectionClips = {
  label_id: 5,
  participants: 3,
  clips: [
    clip(1),
    clip(2, {
      start: 40,
      length: 5,
      video: null,
      video_pending: true,
      video_progress: { state: 'making', percent: 30, ahead: 0 },
      emotions: null,
    }),
  ],
};

function useSectionVideoApi(answer: SectionClips = basket) {
  storeSession('jwt', client);
  return useFakeApi({
    'GET /users/me': { body: client },
    'GET /tests/7/labels': { body: { data: { labels: [label(5, 'Basket'), label(6, 'Checkout')] } } },
    'GET /tests/7/section-clips': { body: { data: answer } },
  });
}

const renderScreen = () =>
  renderWithProviders(<SectionVideoScreen test={makeTestDetail({ id: 7, state: 'done' })} />, {
    path: '/test/7/section-video',
  });

/** An IntersectionObserver the test moves: `reveal(element)` brings that element near the viewport. */
function fakeIntersections() {
  const observers: { callback: IntersectionObserverCallback; elements: Element[]; margin?: string }[] = [];
  class FakeObserver {
    private readonly entry: (typeof observers)[number];
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      this.entry = { callback, elements: [], margin: options?.rootMargin };
      observers.push(this.entry);
    }
    observe(element: Element) {
      this.entry.elements.push(element);
    }
    unobserve() {}
    disconnect() {
      this.entry.elements = [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    observers,
    reveal(element: Element) {
      for (const observer of observers.filter((candidate) => candidate.elements.includes(element)))
        observer.callback(
          [{ target: element, isIntersecting: true } as unknown as IntersectionObserverEntry],
          observer as unknown as IntersectionObserver,
        );
    },
  };
}

let globalFetch: ReturnType<typeof vi.fn>;
beforeEach(() => {
  stubCanvas();
  globalFetch = vi.fn(async () => new Response(null, { status: 404 }));
  vi.stubGlobal('fetch', globalFetch);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SectionVideoScreen', () => {
  it("shows each visitor's clip of the chosen page from one answer, and plays them together", async () => {
    const api = useSectionVideoApi();
    renderScreen();
    expect(await screen.findByText(/^2 of 3 participants visited this page/)).toBeTruthy();
    const clips = screen.getAllByRole('listitem');
    expect(clips).toHaveLength(2);
    const first = within(clips[0] as HTMLElement);
    expect(first.getByRole('link', { name: 'P0001' }).getAttribute('href')).toBe(
      '/test/7/participant/1/recording?timestamp=20.000',
    );
    expect(first.getByText('0:12 on the page')).toBeTruthy();
    expect(clips[0]?.querySelector('video')?.textContent).toBe(
      'Your browser does not support the video tag.',
    );
    expect(first.getByRole('img', { name: 'Frustration, Joy, Attention during the visit' })).toBeTruthy();
    const second = within(clips[1] as HTMLElement);
    expect(
      second.getByText("The screen recording is being made from the participant's data: 30 % done."),
    ).toBeTruthy();
    expect(second.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('30');
    expect(second.getByText('No emotions recorded')).toBeTruthy();
    expect(screen.getByText('0:00 / 0:12')).toBeTruthy();
    expect(screen.getByRole('slider', { name: 'Time into every visit' })).toBeTruthy();

    // one answer for the page: no participant details, no sample streams
    const asked = api.calls.filter((call) => call.path.startsWith('/tests/7/'));
    expect(new Set(asked.map((call) => call.path))).toEqual(
      new Set(['/tests/7/labels', '/tests/7/section-clips']),
    );
    expect(asked.find((call) => call.path === '/tests/7/section-clips')?.url).toMatch(/\?label_id=5$/);
    expect(globalFetch).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Play all' }));
    expect(screen.getByRole('button', { name: 'Pause' })).toBeTruthy();
    fireEvent.keyDown(window, { key: ' ' });
    expect(screen.getByRole('button', { name: 'Play all' })).toBeTruthy();
  });

  it('mounts a clip’s video and chart only once its card nears the viewport, and keeps them', async () => {
    const intersections = fakeIntersections();
    useSectionVideoApi({ ...basket, clips: [clip(1), clip(2), clip(3)] });
    renderScreen();
    await screen.findByText(/^3 of 3 participants visited this page/);
    const cards = screen.getAllByRole('listitem');
    expect(document.querySelectorAll('video')).toHaveLength(0);
    expect(screen.queryAllByRole('img', { name: /during the visit/ })).toHaveLength(0);
    expect(intersections.observers.every((observer) => observer.margin === '400px')).toBe(true);

    act(() => intersections.reveal(cards[0] as HTMLElement));
    expect(cards[0]?.querySelector('video')).not.toBeNull();
    expect(cards[1]?.querySelector('video')).toBeNull();
    expect(cards[2]?.querySelector('video')).toBeNull();
    expect(within(cards[0] as HTMLElement).getByRole('img', { name: /during the visit/ })).toBeTruthy();

    act(() => intersections.reveal(cards[2] as HTMLElement));
    expect(document.querySelectorAll('video')).toHaveLength(2);
    expect(cards[0]?.querySelector('video')).not.toBeNull();
    expect(cards[1]?.querySelector('video')).toBeNull();
  });

  it('says when nobody visited the page, and shows the error of a refused answer', async () => {
    useSectionVideoApi({ label_id: 5, participants: 3, clips: [] });
    const { unmount } = renderScreen();
    expect(await screen.findByText('Nobody visited this page')).toBeTruthy();
    unmount();

    storeSession('jwt', client);
    useFakeApi({
      'GET /users/me': { body: client },
      'GET /tests/7/labels': { body: { data: { labels: [label(5, 'Basket')] } } },
      'GET /tests/7/section-clips': {
        status: 403,
        body: {
          code: 'forbidden',
          message: 'Section videos are part of Professional tests: upgrade this test to see them',
        },
      },
    });
    renderScreen();
    expect(
      await screen.findByText('Section videos are part of Professional tests: upgrade this test to see them'),
    ).toBeTruthy();
  });
});
