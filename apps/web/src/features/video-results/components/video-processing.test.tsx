import type { TestDetail } from '@limbus/contract';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeCall, useFakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { makeTestDetail } from '../../../test/test-detail';
import { useTest } from '../../user-tests/api';
import { PROCESSING_POLL_MS, RESULTS_DELAY_MS } from '../processing-poll';
import { VideoProcessing } from './video-processing';

/** The editor feeds the panel from the test query, which the polling refreshes. */
function Harness() {
  const test = useTest('7');
  return test.data ? <VideoProcessing test={test.data} /> : null;
}

/** Lets answers and React updates land without moving the fake clock. */
async function settle() {
  for (let round = 0; round < 10; round += 1) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
      await new Promise((resolve) => setImmediate(resolve));
    });
  }
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
  await settle();
}

const videoTest = (overrides: Partial<TestDetail>) =>
  makeTestDetail({ id: 7, platform: 'video', participants: [], ...overrides });
const count = (calls: FakeCall[], path: string) => calls.filter((call) => call.path === path).length;

afterEach(() => {
  vi.useRealTimers();
});

describe('VideoProcessing', () => {
  it('starts processing, polls the test every 10 s until internal_state clears, then loads the results 5 s later', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const answers = [
      videoTest({}),
      videoTest({ internal_state: 'video_processing' }),
      videoTest({
        internal_state: null,
        participants: [{ id: 90, real_id: 'video', type: 'video_heatmap', started_at: null, ended_at: null }],
      }),
    ];
    let reads = 0;
    const fake = useFakeApi({
      'GET /tests/7': () => ({ body: answers[Math.min(reads++, answers.length - 1)] }),
      'GET /tests/7/process_video_test': { status: 202, body: { status: 'ok' } },
      'GET /participants/get_video_participant': {
        body: { id: 90, type: 'video_heatmap', moments: [{}, {}] },
      },
    });
    renderWithProviders(<Harness />);
    await settle();

    fireEvent.click(screen.getByRole('button', { name: 'Process Video Test' }));
    await settle();
    expect(screen.getByText('Video is processing...')).toBeTruthy();
    expect(count(fake.calls, '/tests/7/process_video_test')).toBe(1);
    expect(count(fake.calls, '/tests/7')).toBe(1);

    await advance(PROCESSING_POLL_MS - 1);
    expect(count(fake.calls, '/tests/7')).toBe(1);
    await advance(1);
    expect(count(fake.calls, '/tests/7')).toBe(2);
    expect(screen.getByText('Video is processing...')).toBeTruthy();

    await advance(PROCESSING_POLL_MS);
    expect(count(fake.calls, '/tests/7')).toBe(3);
    // processing is over; the results are asked for only 5 s later
    await advance(RESULTS_DELAY_MS - 1);
    expect(count(fake.calls, '/participants/get_video_participant')).toBe(0);
    expect(screen.getByText('Video is processing...')).toBeTruthy();
    await advance(1);
    expect(count(fake.calls, '/participants/get_video_participant')).toBe(1);
    expect(screen.getByText('Results of 2 moments over the video are ready.')).toBeTruthy();
    // the link leads to a screen that exists: the test's participants
    expect(
      screen.getByRole('link', { name: 'Open the participants and their answers' }).getAttribute('href'),
    ).toBe('/research/test/7/participants');
    expect(screen.queryByText('Video is processing...')).toBeNull();

    // no more polling
    await advance(PROCESSING_POLL_MS * 3);
    expect(count(fake.calls, '/tests/7')).toBe(3);
  });

  it('polls a test that is already processing, and offers processing only without results', async () => {
    useFakeApi({
      'GET /tests/7': { body: videoTest({ internal_state: 'video_processing' }) },
    });
    renderWithProviders(<Harness />);
    expect(await screen.findByText('Video is processing...')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Process Video Test' })).toBeNull();
  });

  it('shows why processing could not start', async () => {
    useFakeApi({
      'GET /tests/7': { body: videoTest({}) },
      'GET /tests/7/process_video_test': {
        status: 409,
        body: { code: 'conflict', message: 'This test has no finished participants yet' },
      },
    });
    renderWithProviders(<Harness />);
    fireEvent.click(await screen.findByRole('button', { name: 'Process Video Test' }));
    expect(await screen.findByText('This test has no finished participants yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Process Video Test' })).toBeTruthy();
  });
});
