import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../api';
import { useFakeApi } from '../../../test/fake-api';
import { makeVideoResults, makeVideoTest, renderVideoScreen } from '../../../test/video-results';
import { PROCESSING_POLL_MS, RESULTS_DELAY_MS } from '../processing-poll';
import { VideoSummaryPage } from './summary-page';

const ROUTE = '/video-test/:id/summary';
const PATH = '/video-test/7/summary';

/** The value shown under a stat's label. */
const statValue = (label: string) => {
  const stats = screen.getByRole('region', { name: 'Who watched' });
  return within(stats).getByText(label).closest('.mantine-Card-root')?.textContent?.replace(label, '');
};

/** Lets answers and React updates land, moving the fake clock by `ms`. */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
  for (let round = 0; round < 5; round += 1)
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
      await new Promise((resolve) => setImmediate(resolve));
    });
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('VideoSummaryPage', () => {
  it('shows who watched: the participants the gender split leaves out and the ordered group beside who took part', async () => {
    useFakeApi({ 'GET /tests/7/video_results': { body: makeVideoResults() } });
    renderVideoScreen(<VideoSummaryPage />, { test: makeVideoTest(), route: ROUTE, path: PATH });

    await screen.findByRole('region', { name: 'Who watched' });
    expect(statValue('Participants')).toBe('12');
    expect(statValue('Male / Female')).toBe('5 / 7');
    expect(statValue('Average age')).toBe('34 years');
    expect(statValue('Target group')).toBe(
      'DefaultOrdered: a Dutch representative group of ten participants. 12 took part.',
    );
    // before results exist the screen points to the scenes
    expect(screen.getByText('Go to Scenes to generate the heatmap video and emotion scores.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Scenes' }).getAttribute('href')).toBe(
      '/video-test/7/scenes',
    );
  });

  it('asks for the chosen cohort and says whose gaze and EEG its results are', async () => {
    const fake = useFakeApi({
      'GET /tests/7/video_results': {
        body: makeVideoResults({
          stats: { ...makeVideoResults().stats, participants: 40 },
          has_results: true,
          video_participant_id: 5,
          timeline_start: 0,
          duration_ms: 30_000,
          gaze_cohort: 'remote',
          emotions_cohort: null,
        }),
      },
    });
    renderVideoScreen(<VideoSummaryPage />, {
      test: makeVideoTest(),
      route: ROUTE,
      path: `${PATH}?cohort=remote`,
    });

    const note = await screen.findByRole('note');
    expect(note.textContent).toContain(
      'Gaze heatmap and eye-movement moments: the 40 remote participants alone.',
    );
    expect(note.textContent).toContain('The remote participants were recorded without EEG');
    expect(statValue('Remote participants')).toBe('40');
    expect(
      fake.calls.filter((call) => call.path === '/tests/7/video_results').map((call) => call.url),
    ).toEqual(['/api/v1/tests/7/video_results?cohort=remote']);
  });

  it("explains a custom target group with the client's own words, and an unknown age with a dash", async () => {
    const stats = {
      ...makeVideoResults().stats,
      average_age: null,
      target_group: 'custom' as const,
      custom_target: 'Parents of toddlers in Belgium',
    };
    useFakeApi({ 'GET /tests/7/video_results': { body: makeVideoResults({ stats }) } });
    renderVideoScreen(<VideoSummaryPage />, { test: makeVideoTest(), route: ROUTE, path: PATH });

    await screen.findByRole('region', { name: 'Who watched' });
    expect(statValue('Target group')).toBe('CustomOrdered: Parents of toddlers in Belgium. 12 took part.');
    expect(statValue('Average age')).toBe('–');
  });

  it('keeps the processing notice through a failed poll and shows the results 5 s after processing ended', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const done = makeVideoResults({
      has_results: true,
      video_participant_id: 90,
      timeline_start: 1_700_000_000_000,
      duration_ms: 30_000,
      scenes: [
        {
          section_id: 5,
          label_id: 8,
          name: 'Opening shot',
          start_ms: 0,
          end_ms: 10_000,
          notes: [{ id: 1, note_type: 0, note: 'The logo is seen late', label_id: 8 }],
        },
      ],
    });
    const answers = [
      { body: makeVideoResults({ processing: true }) },
      { status: 500, body: { code: 'internal', message: 'Something went wrong' } },
      { body: done },
    ];
    let reads = 0;
    const fake = useFakeApi({
      'GET /tests/7/video_results': () => answers[Math.min(reads++, answers.length - 1)] ?? { body: done },
    });
    const onServerError = vi.fn();
    api.configure({ onServerError });
    const requests = () => fake.calls.filter((call) => call.path === '/tests/7/video_results').length;
    renderVideoScreen(<VideoSummaryPage />, { test: makeVideoTest(), route: ROUTE, path: PATH });
    await advance(0);
    expect(screen.getByText('Processing takes up to 2-3 minutes')).toBeTruthy();
    expect(requests()).toBe(1);

    await advance(PROCESSING_POLL_MS);
    expect(requests()).toBe(2);
    expect(warn).toHaveBeenCalledTimes(1);
    // the failed poll is the screen's to handle: no error page
    expect(onServerError).not.toHaveBeenCalled();
    expect(screen.getByText('Processing takes up to 2-3 minutes')).toBeTruthy();

    await advance(PROCESSING_POLL_MS);
    expect(requests()).toBe(3);
    // processing is over: the screen still waits the 5 s before it reads the results
    await advance(RESULTS_DELAY_MS - 1);
    expect(requests()).toBe(3);
    expect(screen.getByText('Processing takes up to 2-3 minutes')).toBeTruthy();
    await advance(1);
    expect(requests()).toBe(4);
    // the answer is on screen by the next render (under fake timers, the next timer's tick)
    await advance(500);
    expect(screen.queryByText('Processing takes up to 2-3 minutes')).toBeNull();
    expect(screen.getByRole('link', { name: 'Opening shot' }).getAttribute('href')).toBe(
      '/video-test/7/scenes?scene_details=5',
    );
    expect(screen.getByText('The logo is seen late')).toBeTruthy();

    const settled = requests();
    await advance(PROCESSING_POLL_MS * 3);
    expect(requests()).toBe(settled);
  });
});
