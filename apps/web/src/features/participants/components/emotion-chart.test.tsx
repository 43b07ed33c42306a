import type { EmotionSamples } from '@limbus/analytics';
import type { SignificantPoint } from '@limbus/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { stubCanvas } from '../../../test/stub-canvas';
import { formatClock } from '../../../ui';
import { EmotionChart, TIME_TICK_SECONDS } from './emotion-chart';

beforeAll(stubCanvas);

const START = 1_700_000_000_000;

/** Ten seconds at 10 Hz: frustration 10 %, attention 50 %, joy 20 % with a peak of 80 % at 5 s. */
function makeSamples(): EmotionSamples {
  const count = 100;
  const joy = Float32Array.from({ length: count }, (_, index) => (index === 50 ? 0.8 : 0.2));
  return {
    timestamp: Float64Array.from({ length: count }, (_, index) => START + index * 100),
    joy,
    attention: new Float32Array(count).fill(0.5),
    frustration: new Float32Array(count).fill(0.1),
  };
}

function point(change: Partial<SignificantPoint>): SignificantPoint {
  return {
    id: 1,
    emotion: 'joy',
    timestamp_top: START + 5000,
    comment: 'Likes the price',
    translation: '',
    false_positive: false,
    tags: [],
    ranking: 1,
    score: 0.8,
    participant_id: 3,
    participant_label: 'P0003',
    ...change,
  };
}

/** The chart at its start with these significant points; answers the seek callback. */
function renderWithPoints(points: SignificantPoint[]) {
  const onSeek = vi.fn();
  renderWithProviders(
    <EmotionChart samples={makeSamples()} startMs={START} seconds={0} points={points} onSeek={onSeek} />,
  );
  return onSeek;
}

describe('EmotionChart', () => {
  it('says what the scores at the playhead mean, against the recording mean', () => {
    renderWithProviders(
      <EmotionChart samples={makeSamples()} startMs={START} seconds={2} onSeek={() => {}} />,
    );
    expect(screen.getByText('At 0:02')).toBeTruthy();
    expect(screen.getByText('Joy 20 %')).toBeTruthy();
    expect(screen.getByText('(recording mean 21 %)')).toBeTruthy();
    expect(screen.getByText('Frustration 10 %')).toBeTruthy();
    expect(screen.getByText('Attention 50 %')).toBeTruthy();
    expect(screen.queryByText(/0\.\d{3}/)).toBeNull();
  });

  it('marks the significant points on their curves and plays from one when it is chosen', async () => {
    const onSeek = renderWithPoints([
      point({}),
      point({ id: 2, emotion: 'frustration', false_positive: true }),
    ]);
    const marker = await screen.findByRole('button', { name: 'Joy point at 0:05: play from here' });
    expect((marker.firstElementChild as HTMLElement).style.background).toBe('rgb(47, 179, 68)');
    expect(screen.getAllByRole('button', { name: /point at/ })).toHaveLength(1);
    await userEvent.setup().click(marker);
    expect(onSeek).toHaveBeenCalledWith(5);
  });

  it('makes one target of points too close to tell apart, naming how many it stands for', async () => {
    const onSeek = renderWithPoints([point({}), point({ id: 2, comment: '' })]);
    const marker = await screen.findByRole('button', {
      name: 'Joy point at 0:05 and 1 more nearby: play from here',
    });
    expect(screen.getAllByRole('button', { name: /point at/ })).toHaveLength(1);
    await userEvent.setup().click(marker);
    expect(onSeek).toHaveBeenCalledWith(5);
  });

  it('shows the playhead only while it lies within the part of the recording shown', async () => {
    // the playhead is placed once uPlot has laid out its scales
    const playheadAt = async (seconds: number, visibility: string, range?: [number, number]) => {
      const { unmount } = renderWithProviders(
        <EmotionChart
          samples={makeSamples()}
          startMs={START}
          seconds={seconds}
          range={range}
          onSeek={() => {}}
        />,
      );
      const chart = screen.getByRole('group', { name: 'Emotions over the recording' });
      const playhead = chart.querySelector<HTMLElement>('[aria-hidden][style*="width: 2px"]');
      await waitFor(() => expect(playhead?.style.visibility).toBe(visibility));
      unmount();
    };
    await playheadAt(4, 'visible');
    await playheadAt(25, 'hidden');
    // a part of the recording: 2 to 3 seconds
    await playheadAt(2.5, 'visible', [2, 3]);
    await playheadAt(4, 'hidden', [2, 3]);
  });
});

describe('the time axis (issue 26, units)', () => {
  it('ticks at whole seconds only, so that no two m:ss labels side by side read the same', () => {
    for (const step of TIME_TICK_SECONDS) {
      expect(Number.isInteger(step) && step >= 1).toBe(true);
      const labels = [0, 1, 2, 3].map((index) => formatClock(index * step));
      expect(new Set(labels).size).toBe(labels.length);
    }
    expect(Math.min(...TIME_TICK_SECONDS)).toBe(1);
  });
});
