import type { HeatmapArea, HeatmapScrollReach } from '@limbus/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { reachDepths } from '../overlays';
import { AreaMetricsList } from './area-metrics';
import { ScrollReachPanel } from './view-panels';

const area = (overrides: Partial<HeatmapArea> = {}): HeatmapArea => ({
  left: 0,
  top: 0,
  width: 100,
  height: 100,
  looked: 5,
  looked_share: 5 / 8,
  time_to_first_fixation: 1420,
  dwell_time: 2300,
  revisits: 0.5,
  emotions: { joy: 0.45, attention: 0.6, frustration: 0.221 },
  ...overrides,
});

describe('AreaMetricsList', () => {
  it('says what each number means', () => {
    renderWithProviders(<AreaMetricsList area={area()} visitors={8} />);
    expect(screen.getByText('63 % of participants looked (5 of 8)')).toBeTruthy();
    expect(screen.getByText('First look after 1.4 s on the page, on average')).toBeTruthy();
    expect(screen.getByText('Looked for 2.3 s in all, on average')).toBeTruthy();
    expect(screen.getByText('Came back 0.5 times after looking away, on average')).toBeTruthy();
    expect(screen.getByText('22 %')).toBeTruthy();
  });

  it('says when nobody looked or visited', () => {
    const { unmount } = renderWithProviders(
      <AreaMetricsList area={area({ looked: 0, looked_share: 0, emotions: null })} visitors={8} />,
    );
    expect(screen.getByText('None of the 8 visitors looked here.')).toBeTruthy();
    unmount();
    renderWithProviders(<AreaMetricsList area={area()} visitors={0} />);
    expect(screen.getByText('Nobody visited this page.')).toBeTruthy();
  });
});

describe('scroll reach', () => {
  const reach: HeatmapScrollReach = {
    participants: 4,
    step_px: 500,
    shares: [1, 1, 1, 0.5, 0.25, 0.25, 0.25],
    page_height: 3000,
  };

  it('finds where each quarter of the visitors stops', () => {
    expect(reachDepths(reach)).toEqual([
      { mark: 0.75, depth: 1000 },
      { mark: 0.5, depth: 1500 },
    ]);
  });

  it('tells the depths in words', () => {
    renderWithProviders(<ScrollReachPanel reach={reach} />);
    expect(screen.getByText('All 4 visitors saw the first 1,000 px of the page.')).toBeTruthy();
    expect(screen.getByText('50 % of participants saw it down to 1,500 px.')).toBeTruthy();
    expect(screen.getByText(/25 % reached the bottom/)).toBeTruthy();
  });
});
