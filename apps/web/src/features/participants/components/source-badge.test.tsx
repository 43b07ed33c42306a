import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { SourceBadge } from './source-badge';

describe('SourceBadge', () => {
  it('marks a webcam participant, with what it means for screen readers', () => {
    renderWithProviders(
      <section aria-label="Participant">
        <SourceBadge source="webcam" />
      </section>,
    );
    const paragraph = screen.getByRole('region', { name: 'Participant' });
    expect(paragraph.textContent).toBe('Webcam: took part remotely, gaze measured by webcam');
    expect(screen.getByText(': took part remotely, gaze measured by webcam')).toBeTruthy();
    expect(paragraph.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('shows nothing for a lab participant, the default', () => {
    renderWithProviders(
      <section aria-label="Participant">
        <SourceBadge source="lab" />
      </section>,
    );
    expect(screen.getByRole('region', { name: 'Participant' }).textContent).toBe('');
  });
});
