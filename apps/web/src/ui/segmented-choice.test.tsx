import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { SegmentedChoice } from './segmented-choice';

const COHORTS = [
  { value: 'all', label: 'All' },
  { value: 'lab', label: 'Lab' },
  { value: 'remote', label: 'Remote (webcam)' },
] as const;

function Cohorts({ disabled = false }: { disabled?: boolean }) {
  const [cohort, setCohort] = useState<'all' | 'lab' | 'remote'>('all');
  return (
    <>
      <SegmentedChoice
        aria-label="Participants"
        data={COHORTS}
        value={cohort}
        onChange={setCohort}
        disabled={disabled}
      />
      <output>{cohort}</output>
    </>
  );
}

describe('a segmented choice', () => {
  it('is a named group of radio buttons, the chosen one checked', () => {
    renderWithProviders(<Cohorts />);
    const group = screen.getByRole('radiogroup', { name: 'Participants' });
    const radios = screen.getAllByRole('radio');
    expect(radios.map((radio) => radio.closest('[role="radiogroup"]'))).toEqual([group, group, group]);
    expect(screen.getByRole('radio', { name: 'All' })).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: 'Lab' })).toHaveProperty('checked', false);
  });

  it('chooses an option by its label, and only one at a time', () => {
    renderWithProviders(<Cohorts />);
    fireEvent.click(screen.getByText('Remote (webcam)'));
    expect(screen.getByRole('status').textContent).toBe('remote');
    expect(screen.getByRole('radio', { name: 'Remote (webcam)' })).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: 'All' })).toHaveProperty('checked', false);
  });

  it('changes nothing while disabled', () => {
    renderWithProviders(<Cohorts disabled />);
    fireEvent.click(screen.getByText('Lab'));
    expect(screen.getByRole('status').textContent).toBe('all');
    expect(screen.getByRole('radio', { name: 'Lab' })).toHaveProperty('disabled', true);
  });
});
