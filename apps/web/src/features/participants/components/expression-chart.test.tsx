import { encodeStream } from '@limbus/analytics';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EXPRESSIONS_START_MS, makeExpressions } from '../../../test/expressions';
import { renderWithProviders } from '../../../test/render';
import { stubCanvas } from '../../../test/stub-canvas';
import { axisTop, ExpressionChart, NoEegNotice, ParticipantExpressions } from './expression-chart';

beforeEach(stubCanvas);

const START = EXPRESSIONS_START_MS;
/** 0–0.8 s, the face out of view until 3 s, then 3–3.4 s. */
const WITH_GAP = [0, 200, 400, 600, 800, 3000, 3200, 3400];

/** The stream route answering `reply` for every participant's expressions. */
function serveExpressions(reply: () => Response) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    expect(String(input)).toContain('/tests/7/participants/41/streams/expressions');
    return reply();
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const renderExpressions = (seconds = 0) =>
  renderWithProviders(
    <ParticipantExpressions
      testId={7}
      participantId={41}
      startMs={START}
      seconds={seconds}
      onSeek={() => {}}
    />,
  );

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ExpressionChart', () => {
  it('names its curves as expressions and says they are not EEG emotions', () => {
    renderWithProviders(
      <ExpressionChart samples={makeExpressions(WITH_GAP)} startMs={START} seconds={0.4} onSeek={() => {}} />,
    );
    const chart = screen.getByRole('group', { name: 'Facial expressions over the recording' });
    expect(chart.textContent).toContain('Smiles (happy expression)');
    expect(chart.textContent).toContain('Frowns (angry, disgusted or sad expression)');
    expect(chart.textContent).toMatch(/face classifier.*own device.*not EEG emotions/);
    expect(chart.textContent).not.toMatch(/joy|attention|frustration/i);
    expect(chart.textContent).toContain('At 0:00 · Smiles 50 % · Frowns 30 %');
  });

  it('reads a gap at the playhead as the face out of view', () => {
    renderWithProviders(
      <ExpressionChart samples={makeExpressions(WITH_GAP)} startMs={START} seconds={1.9} onSeek={() => {}} />,
    );
    const chart = screen.getByRole('group', { name: 'Facial expressions over the recording' });
    expect(chart.textContent).toContain('At 0:01 · face out of view');
    expect(chart.textContent).not.toContain('Smiles 50 %');
  });

  it('shows the playhead on the chart', async () => {
    renderWithProviders(
      <ExpressionChart samples={makeExpressions(WITH_GAP)} startMs={START} seconds={3} onSeek={() => {}} />,
    );
    const chart = screen.getByRole('group', { name: 'Facial expressions over the recording' });
    const playhead = chart.querySelector<HTMLElement>('[aria-hidden][style*="width: 2px"]');
    await waitFor(() => expect(playhead?.style.visibility).toBe('visible'));
  });
});

describe('ParticipantExpressions', () => {
  it('loads the stream, then draws it', async () => {
    const bytes = encodeStream({ kind: 'expressions', samples: makeExpressions(WITH_GAP) });
    serveExpressions(() => new Response(bytes.slice(), { status: 200 }));
    renderExpressions();
    expect(screen.getByLabelText('Loading the facial expressions')).toBeTruthy();
    expect(await screen.findByRole('group', { name: 'Facial expressions over the recording' })).toBeTruthy();
  });

  it('says so when none were recorded (no consent to them): the stream answers 404', async () => {
    serveExpressions(() => new Response(null, { status: 404 }));
    renderExpressions();
    expect(await screen.findByText(/No facial expressions were recorded for this participant/)).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Facial expressions over the recording' })).toBeNull();
  });

  it('says when the stream could not be read', async () => {
    serveExpressions(() => new Response(null, { status: 500 }));
    renderExpressions();
    expect(await screen.findByText('The facial expressions could not be loaded')).toBeTruthy();
  });
});

describe('NoEegNotice', () => {
  it('says a webcam participant recorded no EEG', () => {
    renderWithProviders(<NoEegNotice />);
    expect(screen.getByText(/took part remotely by webcam: no EEG was recorded/)).toBeTruthy();
  });
});

describe('axisTop', () => {
  it('ends the axis at the highest score rounded up to 10 %, never below 20 % or above 100 %', () => {
    expect(axisTop([[0.05, null, 0.12], [0.31]])).toBe(0.4);
    expect(axisTop([[0.3]])).toBe(0.3);
    expect(axisTop([[0.02], [null]])).toBe(0.2);
    expect(axisTop([[0.97]])).toBe(1);
    expect(axisTop([])).toBe(0.2);
  });
});
