import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { AboutPrediction } from './about-prediction';

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('AboutPrediction', () => {
  it('states the measured figures of the model and of position alone, which scores better on NSS and CC', () => {
    renderWithProviders(<AboutPrediction />);
    const about = screen.getByRole('region', { name: 'About this prediction' });
    const table = within(about).getByRole('table');
    expect(cells(within(table).getByRole('row', { name: /Our attention model/ }))).toEqual([
      '0.83',
      '1.07',
      '0.39',
    ]);
    expect(cells(within(table).getByRole('row', { name: /Position on the page alone/ }))).toEqual([
      '0.83',
      '1.25',
      '0.46',
    ]);
    expect(about.textContent).toContain(
      'position alone scores better on NSS (1.25 against 1.07) and CC (0.46 against 0.39)',
    );
    expect(about.textContent).toContain('generated gaze');
    expect(about.textContent).not.toMatch(/scores the same/);
  });

  it('never claims the spec’s 94 % accuracy', () => {
    renderWithProviders(<AboutPrediction />);
    expect(screen.getByRole('region', { name: 'About this prediction' }).textContent).not.toMatch(/94/);
  });
});
