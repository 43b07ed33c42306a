import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { AboutPrediction, compared, MEASURED_FIRST_SECONDS } from './about-prediction';

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

type Scores = { auc: number; nss: number; cc: number };
type Evaluation = {
  windows: { key: string; images: { scores: Record<'model' | 'prior' | 'centre', Scores> }[] }[];
};

/** The evaluation's results as the bench command wrote them, its first-5-s means to two decimals. */
function measuredMeans() {
  const evaluation: Evaluation = JSON.parse(
    readFileSync(join(import.meta.dirname, '../../../../../../bench/results/saliency-eval.json'), 'utf8'),
  );
  const images = evaluation.windows.find((window) => window.key === 'first5s')?.images ?? [];
  const mean = (map: 'model' | 'prior' | 'centre', score: keyof Scores) =>
    Number((images.reduce((sum, image) => sum + image.scores[map][score], 0) / images.length).toFixed(2));
  const of = (map: 'model' | 'prior' | 'centre') => ({
    auc: mean(map, 'auc'),
    nss: mean(map, 'nss'),
    cc: mean(map, 'cc'),
  });
  return { pages: images.length, model: of('model'), prior: of('prior'), centre: of('centre') };
}

describe('AboutPrediction', () => {
  it('holds the figures of the last evaluation (bench/results/saliency-eval.json): a new one cannot leave it stale', () => {
    const { pages, model, prior, centre } = MEASURED_FIRST_SECONDS;
    expect({ pages, model, prior, centre }).toEqual(measuredMeans());
  });

  it('says what was measured, on which data, and what it means, worded from the figures', () => {
    renderWithProviders(<AboutPrediction />);
    const about = screen.getByRole('region', { name: 'About this prediction' });
    const table = within(about).getByRole('table');
    expect(cells(within(table).getByRole('row', { name: /Our attention model/ }))).toEqual([
      '0.83',
      '1.07',
      '0.39',
    ]);
    expect(cells(within(table).getByRole('row', { name: /Centre of the screen/ }))).toEqual([
      '0.52',
      '−0.03',
      '−0.02',
    ]);
    const text = about.textContent ?? '';
    expect(text).toContain('10 pages, 48 participants whose gaze our generator made: not real people');
    expect(text).toContain(
      'ranks the looked-at spots as well as position on the page alone (AUC 0.83 against 0.83)',
    );
    expect(text).toContain('concentrates on them less well than position alone (NSS 1.07 against 1.25)');
    expect(text).toContain(
      'What it means for you: Read the heatmap as where a layout like this draws the eye in general',
    );
  });

  it('words a comparison by the difference, ignoring differences under 0.01', () => {
    expect(compared(0.83, 0.834)).toBe('as well as');
    expect(compared(0.9, 0.83)).toBe('better than');
    expect(compared(1.07, 1.25)).toBe('less well than');
  });

  it('never claims the spec’s 94 % accuracy', () => {
    renderWithProviders(<AboutPrediction />);
    expect(screen.getByRole('region', { name: 'About this prediction' }).textContent).not.toMatch(/94/);
  });
});
