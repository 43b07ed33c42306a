import type { HeatmapArea, HeatmapScrollReach } from '@limbus/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { reachDepths } from '../overlays';
import { AreaMetricsList } from './area-metrics';
import { AreasOfInterest, webcamLimitOf } from './areas-of-interest';
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
  too_small_for_webcam: false,
  rank: 1,
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

describe('areas of interest with webcam gaze', () => {
  const boxes = [
    { id: 1, label: 'Hero', left: 0, top: 0, width: 800, height: 400 },
    { id: 2, label: 'Price', left: 900, top: 100, width: 120, height: 40 },
  ];
  const metrics = [
    area({ left: 0, top: 0, width: 800, height: 400, rank: 1 }),
    area({ left: 900, top: 100, width: 120, height: 40, rank: null, too_small_for_webcam: true }),
  ];

  it("says the webcam gaze's accuracy and flags the areas too small for it, without a rank", () => {
    renderWithProviders(
      <AreasOfInterest
        boxes={boxes}
        grid={null}
        metrics={metrics}
        visitors={8}
        webcam={webcamLimitOf({ webcam_accuracy_px: 1079, min_area_px: 2158 })}
        onChange={() => {}}
      />,
    );
    expect(
      screen.getByText(
        'Webcam gaze in this selection is accurate to about 1,079 px: areas narrower than 2,158 px are flagged, not ranked.',
      ),
    ).toBeTruthy();
    expect(screen.getAllByText('Too small for webcam gaze')).toHaveLength(1);
    expect(screen.getAllByText(/^Rank \d/).map((rank) => rank.textContent)).toEqual([
      'Rank 1 by fixation time per visitor',
    ]);
    // The flagged area keeps its figures.
    expect(screen.getAllByText('63 % of participants looked (5 of 8)')).toHaveLength(2);
  });

  it('says nothing of webcam gaze without it, and ranks every area', () => {
    renderWithProviders(
      <AreasOfInterest
        boxes={boxes}
        grid={null}
        metrics={metrics.map((measured, i) => ({ ...measured, too_small_for_webcam: false, rank: i + 1 }))}
        visitors={8}
        webcam={webcamLimitOf({ webcam_accuracy_px: null, min_area_px: null })}
        onChange={() => {}}
      />,
    );
    expect(screen.queryByText(/Webcam gaze in this selection/)).toBeNull();
    expect(screen.queryByText('Too small for webcam gaze')).toBeNull();
    expect(screen.getAllByText(/^Rank \d/)).toHaveLength(2);
  });
});
