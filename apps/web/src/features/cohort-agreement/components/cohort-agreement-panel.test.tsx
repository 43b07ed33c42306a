import {
  type AgreementEstimateAnswer,
  type AgreementReadingName,
  type CohortAgreement,
  type CohortPageAgreement,
  expressionMomentText,
} from '@limbus/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { mapSentence } from './agreement-details';
import { CohortAgreementPanel } from './cohort-agreement-panel';
import { curveChartOption } from './expression-curves';

const page = (overrides: Partial<CohortPageAgreement> = {}): CohortPageAgreement => ({
  heatmap_id: 3,
  name: 'Checkout',
  width: 1920,
  height: 2400,
  lab_participants: 12,
  remote_participants: 40,
  cc: { value: 0.82, lower: 0.74, upper: 0.88 },
  nss: { value: 1.21, lower: 1.02, upper: 1.4 },
  reading: 'close',
  areas: {
    available: true,
    source: 'page_prediction',
    rho: { value: 0.9, lower: 0.8, upper: 1 },
    reading: 'close',
    areas: [
      {
        name: 'Size chart',
        lab_share: 0.41,
        remote_share: 0.12,
        lab_rank: 1,
        lab_rank_interval: [1, 1],
        remote_rank: 3,
        remote_rank_interval: [3, 4],
      },
    ],
  },
  ...overrides,
});

const AGREEMENT: CohortAgreement = {
  available: true,
  method: {
    interval: 'percentile bootstrap over participants, each cohort drawn with replacement to its own size',
    level: 0.95,
    resamples: 200,
    seed: 30,
    cell_px: 16,
    sigma_px: 30,
    min_participants: 5,
  },
  pages: [
    page(),
    page({
      heatmap_id: 4,
      name: 'Basket',
      cc: { value: 0.31, lower: 0.18, upper: 0.42 },
      reading: 'weak',
      areas: {
        available: false,
        reason: 'Not enough areas to rank: the page has no prediction with areas of interest',
      },
    }),
  ],
  scenes: [],
  expressions: { available: false, reason: 'Remote participants record no facial expressions yet' },
  findings: [
    {
      kind: 'weak_map',
      heatmap_id: 4,
      page: 'Basket',
      cc: { value: 0.31, lower: 0.18, upper: 0.42 },
      text: 'Remote gaze agrees weakly with the lab on Basket (CC 0.31 [0.18, 0.42]).',
    },
  ],
};

describe('CohortAgreementPanel', () => {
  it('says per page how far remote gaze matches the lab, with intervals, n, the AOI ranking, findings and the expressions’ reason', async () => {
    useFakeApi({ 'GET /tests/7/cohort_agreement': { body: { data: AGREEMENT } } });
    renderWithProviders(<CohortAgreementPanel testId={7} />);
    const panel = await screen.findByRole('region', { name: 'Lab and remote compared' });
    const checkout = within(panel).getByRole('region', { name: 'Checkout' });
    expect(
      within(checkout).getByText(
        'Where remote participants looked matches the lab closely (CC 0.82, 95 % interval 0.74–0.88; 12 lab, 40 remote).',
      ),
    ).toBeTruthy();
    expect(
      within(checkout).getByText(/Both cohorts rank the areas of interest alike \(Spearman’s rho 0.90/),
    ).toBeTruthy();
    const row = within(checkout).getByRole('row', { name: /Size chart/ });
    expect(within(row).getByText('41 %, 1 (1–1)')).toBeTruthy();
    expect(within(row).getByText('12 %, 3 (3–4)')).toBeTruthy();
    const basket = within(panel).getByRole('region', { name: 'Basket' });
    expect(
      within(basket).getByText(/agrees only weakly with the lab \(CC 0.31, 95 % interval 0.18–0.42/),
    ).toBeTruthy();
    expect(within(basket).getByText(/Not enough areas to rank/)).toBeTruthy();
    const findings = within(panel).getByRole('region', { name: 'Found in one cohort only' });
    expect(within(findings).getAllByRole('listitem')).toHaveLength(1);
    expect(within(panel).getByText('Remote participants record no facial expressions yet.')).toBeTruthy();
  });

  it('on a video, sets the remote smiles against the lab’s EEG joy in words with r, its interval and n, with both curves', async () => {
    const time_s = Array.from({ length: 12 }, (_, k) => k);
    const curve = (
      pair: 'smile_joy' | 'frown_frustration',
      r: AgreementEstimateAnswer,
      reading: AgreementReadingName,
    ) => ({
      pair,
      lab_participants: 12,
      remote_participants: 38,
      r,
      reading,
      time_s,
      lab: time_s.map((k) => 0.3 + k / 100),
      remote: time_s.map((k) => (k === 3 ? null : 0.05 + k / 200)),
    });
    const smiles = curve('smile_joy', { value: 0.81, lower: 0.72, upper: 0.88 }, 'close');
    useFakeApi({
      'GET /tests/7/cohort_agreement': {
        body: {
          data: {
            ...AGREEMENT,
            expressions: {
              available: true,
              curves: [smiles, curve('frown_frustration', { value: 0.2, lower: -0.1, upper: 0.45 }, 'weak')],
            },
            findings: [
              {
                kind: 'expression_moment',
                pair: 'smile_joy',
                cohort: 'lab',
                start_s: 28,
                end_s: 33,
                text: expressionMomentText('smile_joy', 'lab', 28, 33),
              },
            ],
          },
        },
      },
    });
    renderWithProviders(<CohortAgreementPanel testId={7} />);
    const section = await screen.findByRole('region', { name: 'Facial expressions' });
    expect(
      within(section).getByText(
        'The remote cohort’s smiles rise and fall closely with the lab’s EEG joy (r 0.81, 95 % interval 0.72–0.88; 12 lab, 38 remote).',
      ),
    ).toBeTruthy();
    expect(within(section).getByText(/frowns hardly follow the lab’s EEG frustration \(r 0.20/)).toBeTruthy();
    expect(
      within(section).getByRole('heading', { name: 'Smiles (happy expression) against EEG joy' }),
    ).toBeTruthy();
    const findings = screen.getByRole('region', { name: 'Found in one cohort only' });
    expect(
      within(findings).getByText(
        'Joy at 0:28–0:33 stands out in the lab’s EEG; the remote cohort’s smiles show no peak there.',
      ),
    ).toBeTruthy();
    const option = curveChartOption(smiles) as { series: { data: unknown[]; yAxisIndex?: number }[] };
    expect(option.series[0]?.data).toEqual(smiles.lab);
    expect(option.series[1]).toMatchObject({ yAxisIndex: 1, data: smiles.remote });
  });

  it('on a video, gives each scene its agreement with the interval and n, in a table', async () => {
    const scene = (
      section_id: number,
      name: string,
      start_ms: number,
      end_ms: number,
      cc: AgreementEstimateAnswer,
    ) => ({
      section_id,
      name,
      start_ms,
      end_ms,
      lab_participants: 12,
      remote_participants: 40,
      cc,
      nss: { value: 1, lower: 0.8, upper: 1.2 },
      reading: (cc.lower === null
        ? 'unclear'
        : cc.lower > 0.5
          ? 'moderate_to_close'
          : 'weak') as AgreementReadingName,
    });
    useFakeApi({
      'GET /tests/7/cohort_agreement': {
        body: {
          data: {
            ...AGREEMENT,
            scenes: [
              scene(1, 'Opening logo', 0, 1999, { value: 0.74, lower: 0.61, upper: 0.83 }),
              scene(2, 'Rain sprint', 9000, 13_999, { value: 0.22, lower: 0.1, upper: 0.35 }),
            ],
          },
        },
      },
    });
    renderWithProviders(<CohortAgreementPanel testId={7} />);
    const table = await screen.findByRole('table', { name: /within each scene/ });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows.slice(1)).toEqual([
      'Opening logo00:00–00:01 · 12 lab, 40 remoteModerate to closeCC 0.74 (0.61–0.83)',
      'Rain sprint00:09–00:13 · 12 lab, 40 remoteWeakCC 0.22 (0.10–0.35)',
    ]);
  });

  it('says the span its interval backs', () => {
    expect(
      mapSentence(page({ cc: { value: 0.65, lower: 0.55, upper: 0.78 }, reading: 'moderate_to_close' })),
    ).toBe(
      'Where remote participants looked matches the lab moderately to closely (CC 0.65, 95 % interval 0.55–0.78; 12 lab, 40 remote).',
    );
  });

  it('claims no reading without an interval', () => {
    expect(mapSentence(page({ cc: { value: 0.6, lower: null, upper: null }, reading: 'unclear' }))).toBe(
      'How closely remote gaze matches the lab cannot be told from these participants (CC 0.60, no interval with this few participants; 12 lab, 40 remote).',
    );
  });

  it('shows nothing for a test without both cohorts', async () => {
    useFakeApi({
      'GET /tests/7/cohort_agreement': {
        body: { data: { available: false, reason: 'No remote participants' } },
      },
    });
    renderWithProviders(<CohortAgreementPanel testId={7} />);
    expect(await screen.findByRole('status', { name: 'Comparing lab and remote' })).toBeTruthy();
    await expect.poll(() => screen.queryByRole('status')).toBeNull();
    expect(screen.queryByText('Lab and remote compared')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says when the comparison could not be loaded', async () => {
    useFakeApi({
      'GET /tests/7/cohort_agreement': { status: 403, body: { code: 'forbidden', message: 'Not yours' } },
    });
    renderWithProviders(<CohortAgreementPanel testId={7} />);
    expect(await screen.findByText('The comparison of lab and remote could not be loaded')).toBeTruthy();
  });
});
