import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { RecordingBeingMade, recordingProgressText } from './recording-being-made';

describe('a recording being made (issue 26: placeholders with progress)', () => {
  it('says how far a recording is, or how many come before a queued one', () => {
    expect(recordingProgressText({ state: 'making', percent: 42, ahead: 0 })).toBe(
      "The screen recording is being made from the participant's data: 42 % done.",
    );
    expect(recordingProgressText({ state: 'queued', percent: null, ahead: 3 })).toBe(
      'The screen recording is queued: 3 recordings are made before it.',
    );
    expect(recordingProgressText({ state: 'queued', percent: null, ahead: 1 })).toBe(
      'The screen recording is queued: 1 recording is made before it.',
    );
    expect(recordingProgressText({ state: 'queued', percent: null, ahead: 0 })).toMatch(/in a moment/);
  });

  it('shows a progress bar only while the recording is made', () => {
    renderWithProviders(<RecordingBeingMade progress={{ state: 'making', percent: 42, ahead: 0 }} />);
    const bar = screen.getByRole('progressbar', { name: 'The screen recording made so far' });
    expect(bar.getAttribute('aria-valuenow')).toBe('42');
  });
});

it('shows no progress bar for a queued recording', () => {
  renderWithProviders(<RecordingBeingMade progress={{ state: 'queued', percent: null, ahead: 2 }} />);
  expect(screen.queryByRole('progressbar')).toBeNull();
  expect(screen.getByRole('status').textContent).toMatch(/2 recordings are made before it/);
});
