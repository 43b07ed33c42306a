import {
  INSIGHT_NO_SUGGESTIONS,
  type Insight,
  type SignificantPoint,
  type Suggestion,
} from '@limbus/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useFakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { makeTestDetail } from '../../../test/test-detail';
import { LinkedSuggestions } from '../../suggestions';
import { InsightDetail } from './insight-detail';

const START = 1_767_000_000;
const point = (id: number, overrides: Partial<SignificantPoint> = {}): SignificantPoint => ({
  id,
  emotion: 'frustration',
  timestamp_top: (START + 20) * 1000,
  comment: 'Waar is de kortingscode?',
  translation: 'Where is the discount code?',
  false_positive: false,
  tags: [],
  ranking: 0,
  score: 1,
  participant_id: 9,
  participant_label: 'P0009',
  ...overrides,
});

const insight = (number: number, overrides: Partial<Insight> = {}): Insight => ({
  id: 100 + number,
  test_id: 4,
  assigned_id: number,
  title: `Finding ${number}`,
  behavior_comment: 'Scrolls up and down twice',
  eeg_comment: '...',
  eye_tracking_comment: '',
  touch_tracking_comment: '',
  explanation: '<p>The field sits below the fold.</p>',
  summary: '...',
  suggestion: '',
  focus_point: '',
  highlight_id: 1,
  highlight_url: null,
  evidence_withdrawn_at: null,
  significant_points_ids: [1],
  significant_points: [point(1)],
  ...overrides,
});

const suggestion = { id: 7, rank: 1, title: 'Move the code field up', insight_id: 102 } as Suggestion;
// A test run in Dutch whose comments are translated into English, as the demo's are.
const test = makeTestDetail({
  id: 4,
  translation: 'Dutch',
  translation_language: 'English',
  participants: [{ id: 9, real_id: 'P0009', type: 'default', started_at: START, ended_at: null }],
});

/** Renders insight `number` of three on a fake server (a "hook" for biome: it installs the fake fetch). */
function useRenderedInsight(number: number) {
  useFakeApi({
    'GET /tests/4/insights': { body: { data: { insights: [insight(2), insight(1), insight(3)] } } },
    'GET /tests/4/suggestions': { body: { data: { suggestions: [suggestion] } } },
    'GET /tests/4/participants/9': { body: { id: 9, started_at: START, video: '/video/9.mp4' } },
  });
  return renderWithProviders(
    <InsightDetail
      test={test}
      insightId={100 + number}
      linkedSuggestions={<LinkedSuggestions testId={4} insightId={100 + number} />}
    />,
    { path: `/test/4/insights/${100 + number}` },
  );
}

describe('InsightDetail', () => {
  it('steps to the insights numbered one below and above, and lists its linked suggestions', async () => {
    useRenderedInsight(2);
    expect(await screen.findByRole('heading', { name: 'Finding 2' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Previous insight' }).getAttribute('href')).toBe(
      '/test/4/insights/101',
    );
    expect(screen.getByRole('link', { name: 'Next insight' }).getAttribute('href')).toBe(
      '/test/4/insights/103',
    );
    expect(
      (await screen.findByRole('link', { name: '1. Move the code field up' })).getAttribute('href'),
    ).toBe('/test/4/suggestions/7');
    // Data shows the written comments only; the '...' default is nothing written
    expect(screen.getByText('Scrolls up and down twice')).toBeTruthy();
    expect(screen.queryByText('EEG')).toBeNull();
  });

  it('stops at the last insight and sends to the suggestions when it has none', async () => {
    useRenderedInsight(3);
    expect(await screen.findByRole('heading', { name: 'Finding 3' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next insight' })).toHaveProperty('disabled', true);
    expect((await screen.findByRole('link', { name: INSIGHT_NO_SUGGESTIONS })).getAttribute('href')).toBe(
      '/test/4/suggestions',
    );
  });

  it('plays the highlight muted from 3 s before it, in the reader’s English, with the Dutch original on the toggle (issue 26)', async () => {
    // No account language here: the browser's (English in the test DOM) decides.
    useRenderedInsight(1);
    const clip = await screen.findByLabelText('Clip of the highlighted moment (muted, repeating)');
    expect(clip.getAttribute('data-clip-start')).toBe('17');
    expect((clip as HTMLVideoElement).muted).toBe(true);
    // The highlight and the supporting card both in English, as the Explanation reads.
    expect(screen.getAllByText(/Where is the discount code\?/)).toHaveLength(2);
    expect(screen.queryByText(/Waar is de kortingscode\?/)).toBeNull();
    await userEvent.setup().click(screen.getByRole('radio', { name: 'Original (Dutch)' }));
    expect(screen.getAllByText(/Waar is de kortingscode\?/)).toHaveLength(2);
    expect(screen.queryByText(/Where is the discount code\?/)).toBeNull();
  });

  it('issue 26, one name per participant: the highlight and the data points name participant 9 by its label', async () => {
    useRenderedInsight(1);
    const highlight = await screen.findByRole('region', { name: 'Highlighted moment' });
    expect(highlight.textContent).toContain('Participant P0009 · Frustration');
    const watch = screen.getByRole('link', {
      name: 'Watch in the recording: participant P0009, frustration point',
    });
    expect(watch.closest('div')?.parentElement?.textContent).toContain('Participant P0009');
    expect(document.body.textContent).not.toMatch(/participant 9\b/i);
  });
});
