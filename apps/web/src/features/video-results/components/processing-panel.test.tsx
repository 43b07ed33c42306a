import type { ParticipantQuality, TestQuality } from '@limbus/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { storeSession } from '../../../api';
import { makeUser, useFakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { ProcessingPanel } from './processing-panel';

const thresholds = {
  min_tracking_ratio: 0.7,
  max_precision_rms_s2s_deg: 0.5,
  max_accuracy_deg: 1.5,
  min_eeg_quality: 0.7,
};
const none = { n: 0, mean: null, median: null, min: null, max: null };

const viewer = (
  participant_id: number,
  real_id: string,
  excluded_from_metrics: boolean,
): ParticipantQuality => ({
  participant_id,
  real_id,
  source: 'lab',
  webcam: null,
  gaze_samples: 600,
  tracking_ratio: 0.9,
  precision_rms_s2s_deg: 0.1,
  precision_sd_deg: 0.2,
  accuracy_deg: null,
  validation_targets: 0,
  eeg_quality: null,
  problems: [],
  excluded_from_metrics,
});

const quality = (participants: ParticipantQuality[]): TestQuality => ({
  thresholds,
  summary: {
    participants: participants.length,
    low_quality: 0,
    excluded: participants.filter((row) => row.excluded_from_metrics).length,
    tracking_ratio: none,
    precision_rms_s2s_deg: none,
    precision_sd_deg: none,
    accuracy_deg: none,
    eeg_quality: none,
  },
  participants,
});

describe('ProcessingPanel', () => {
  it('lists generated viewers as left out, and counts one when the researcher switches it on', async () => {
    storeSession('jwt', makeUser({ role: 'admin' }));
    const generated = viewer(2, 'generated-1764000000000', true);
    const fake = useFakeApi({
      'GET /tests/7/quality': { body: { data: quality([viewer(1, 'P0001', false), generated]) } },
      'PATCH /tests/7/quality/2': (call) => ({
        body: { data: { ...generated, ...(call.body as object) }, thresholds },
      }),
    });
    renderWithProviders(<ProcessingPanel testId={7} hasResults />);
    const counted = await screen.findByRole('switch', { name: 'Count generated viewer 1 in the results' });
    expect((counted as HTMLInputElement).checked).toBe(false);
    expect(screen.getAllByRole('switch')).toHaveLength(1);
    expect(screen.getByText(/count in the results only when you count them/)).toBeTruthy();
    await userEvent.click(counted);
    const patch = fake.calls.find((call) => call.method === 'PATCH');
    expect(patch?.body).toEqual({ excluded_from_metrics: false });
  });

  it('shows no generated viewers section without them', async () => {
    storeSession('jwt', makeUser({ role: 'admin' }));
    const fake = useFakeApi({
      'GET /tests/7/quality': { body: { data: quality([viewer(1, 'P0001', false)]) } },
    });
    renderWithProviders(<ProcessingPanel testId={7} hasResults={false} />);
    expect(await screen.findByRole('button', { name: 'Generate results' })).toBeTruthy();
    await vi.waitFor(() =>
      expect(fake.calls.some((call) => call.url.includes('/tests/7/quality'))).toBe(true),
    );
    expect(screen.queryByRole('switch')).toBeNull();
  });
});
