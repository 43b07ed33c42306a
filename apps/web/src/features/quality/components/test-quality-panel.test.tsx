import type { ParticipantQuality, TestQuality } from '@limbus/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { storeSession } from '../../../api';
import { makeUser, useFakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { ParticipantQualityCard } from './participant-quality-card';
import { TestQualityPanel } from './test-quality-panel';

const researcher = makeUser({ role: 'admin' });
const thresholds = {
  min_tracking_ratio: 0.7,
  max_precision_rms_s2s_deg: 0.5,
  max_accuracy_deg: 1.5,
  min_eeg_quality: 0.7,
};
const summary = { n: 2, mean: 0.6, median: 0.6, min: 0.25, max: 0.95 };

function row(overrides: Partial<ParticipantQuality>): ParticipantQuality {
  return {
    participant_id: 1,
    real_id: 'P0001',
    source: 'lab',
    webcam: null,
    gaze_samples: 1200,
    tracking_ratio: 0.95,
    precision_rms_s2s_deg: 0.12,
    precision_sd_deg: 0.2,
    accuracy_deg: null,
    validation_targets: 0,
    eeg_quality: null,
    problems: [],
    excluded_from_metrics: false,
    ...overrides,
  };
}

const quality: TestQuality = {
  thresholds,
  summary: {
    participants: 2,
    low_quality: 1,
    excluded: 0,
    tracking_ratio: summary,
    precision_rms_s2s_deg: summary,
    precision_sd_deg: summary,
    accuracy_deg: { n: 0, mean: null, median: null, min: null, max: null },
    eeg_quality: { n: 1, mean: 0.5, median: 0.5, min: 0.5, max: 0.5 },
  },
  participants: [
    row({}),
    row({
      participant_id: 2,
      real_id: 'P0002',
      tracking_ratio: 0.25,
      eeg_quality: 0.5,
      problems: ['tracking', 'eeg'],
    }),
  ],
};

describe('TestQualityPanel', () => {
  it('marks participants below the thresholds and leaves one out of the metrics', async () => {
    storeSession('jwt', researcher);
    const fake = useFakeApi({
      'GET /tests/7/quality': { body: { data: quality } },
      'PATCH /tests/7/quality/2': (call) => ({
        body: { data: { ...quality.participants[1], ...(call.body as object) }, thresholds },
      }),
    });
    renderWithProviders(<TestQualityPanel testId={7} />);
    expect(await screen.findByText(/1 of 2 participants below the quality thresholds/)).toBeTruthy();
    const lowRow = screen.getByRole('row', { name: /P0002/ });
    expect(within(lowRow).getByText('Low: Tracking ratio, EEG signal')).toBeTruthy();
    expect(within(lowRow).getByText('25 %')).toBeTruthy();
    expect(within(screen.getByRole('row', { name: /P0001/ })).getByText('Good')).toBeTruthy();
    await userEvent.click(screen.getByRole('switch', { name: 'Count P0002' }));
    const patch = fake.calls.find((call) => call.method === 'PATCH');
    expect(patch?.body).toEqual({ excluded_from_metrics: true });
  });
});

describe('TestQualityPanel with remote participants', () => {
  it("says how a webcam is judged: its tracking and its calibration against the cohort's threshold", async () => {
    storeSession('jwt', researcher);
    const withWebcam = { ...quality, participants: [row({}), row({ participant_id: 3, source: 'webcam' })] };
    useFakeApi({ 'GET /tests/7/quality': { body: { data: withWebcam } } });
    renderWithProviders(<TestQualityPanel testId={7} />);
    expect(
      await screen.findByText(
        /Remote \(webcam\) participants by their tracking ratio and whether their calibration passed/,
      ),
    ).toBeTruthy();
  });
});

describe('TestQualityPanel with a cohort chosen', () => {
  it('asks for that cohort only and says whose summary it is', async () => {
    storeSession('jwt', researcher);
    const fake = useFakeApi({ 'GET /tests/7/quality': { body: { data: quality } } });
    renderWithProviders(<TestQualityPanel testId={7} />, { path: '/?cohort=remote' });
    expect(await screen.findByText(/1 of 2 remote participants below the quality thresholds/)).toBeTruthy();
    expect(screen.queryByText(/Remote \(webcam\) participants by their tracking ratio/)).toBeNull();
    expect(fake.calls.find((call) => call.method === 'GET')?.url).toMatch(
      /\/tests\/7\/quality\?cohort=remote$/,
    );
  });
});

describe('ParticipantQualityCard', () => {
  it('shows the four measures, the missed thresholds and the metrics switch', async () => {
    storeSession('jwt', researcher);
    useFakeApi({
      'GET /tests/7/quality/2': {
        body: { data: { ...quality.participants[1], excluded_from_metrics: true }, thresholds },
      },
    });
    renderWithProviders(<ParticipantQualityCard testId={7} participantId={2} />);
    expect(await screen.findByText('Below the quality thresholds: Tracking ratio, EEG signal')).toBeTruthy();
    expect(screen.getByText('25 % (under 70 %)')).toBeTruthy();
    expect(screen.getByText('No validation targets in this recording')).toBeTruthy();
    expect(screen.getByText('Left out of the metrics')).toBeTruthy();
    const counted = screen.getByRole('switch', { name: 'Count this participant in the metrics' });
    expect((counted as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByRole('heading', { name: 'Webcam gaze' })).toBeNull();
  });

  it("shows a remote participant's webcam figures: degrees with one decimal, a percent and whole hertz", async () => {
    storeSession('jwt', researcher);
    const webcam = {
      validation_accuracy_deg: 2.384,
      validation_precision_deg: 1.06,
      tracking_ratio: 0.891,
      sampling_rate_hz: 22.4,
      validation_passed: true,
      completed: true,
    };
    useFakeApi({
      'GET /tests/7/quality/3': {
        body: { data: row({ participant_id: 3, source: 'webcam', webcam }), thresholds },
      },
    });
    renderWithProviders(<ParticipantQualityCard testId={7} participantId={3} />);
    const figures = await screen.findByRole('region', { name: 'Webcam gaze' });
    const figureValue = (label: string) => within(figures).getByText(label).nextElementSibling?.textContent;
    expect(figureValue('Validation accuracy')).toBe('2.4°');
    expect(figureValue('Validation precision')).toBe('1.1°');
    expect(figureValue('Tracking ratio')).toBe('89 %');
    expect(figureValue('Sampling rate')).toBe('22 Hz');
    expect(within(figures).queryByText('No validation passed')).toBeNull();
  });

  it('says when no validation of a webcam session passed, and marks what was not measured', async () => {
    storeSession('jwt', researcher);
    const webcam = {
      validation_accuracy_deg: null,
      validation_precision_deg: null,
      tracking_ratio: null,
      sampling_rate_hz: null,
      validation_passed: false,
      completed: false,
    };
    useFakeApi({
      'GET /tests/7/quality/4': {
        body: { data: row({ participant_id: 4, source: 'webcam', webcam }), thresholds },
      },
    });
    renderWithProviders(<ParticipantQualityCard testId={7} participantId={4} />);
    const figures = await screen.findByRole('region', { name: 'Webcam gaze' });
    expect(within(figures).getByText('No validation passed')).toBeTruthy();
    expect(within(figures).getAllByText('–')).toHaveLength(4);
  });
});
