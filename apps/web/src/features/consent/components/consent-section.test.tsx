import type { ConsentRecord, ConsentTerms, ParticipantConsent } from '@limbus/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FakeCall, useFakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { ConsentSection } from './consent-section';

const GIVEN = 1_795_000_000;

const record = (overrides: Partial<ConsentRecord>): ConsentRecord => ({
  id: 1,
  version: 1,
  streams: ['emotions', 'eyes', 'mice', 'screen'],
  purposes: ['report', 'norms', 'ai'],
  given_at: GIVEN,
  method: 'recorder',
  recorded_by: null,
  created_at: GIVEN,
  ...overrides,
});

const terms: ConsentTerms = {
  id: 5,
  test_id: 7,
  version: 1,
  text: 'We record your emotions, gaze, mouse and screen.',
  streams: ['emotions', 'eyes', 'mice', 'screen'],
  purposes: ['report', 'norms', 'ai'],
  created_by: 'researcher@limbus.test',
  created_at: GIVEN - 86_400,
};

/** The participant's consent as the server keeps it: POSTs add a record on top, as the server does. */
function useConsentServer(start: ParticipantConsent) {
  let consent = start;
  const posts: FakeCall[] = [];
  const answer = () => ({ body: { data: consent } });
  const fake = useFakeApi({
    'GET /tests/7/participants/9/consent': answer,
    'GET /tests/7/consent-terms': { body: { data: [terms] } },
    'POST /tests/7/participants/9/consent/withdrawal': (call) => {
      posts.push(call);
      const body = call.body as { streams?: string[]; purposes?: string[] };
      const current = consent.current ?? record({});
      const next = record({
        id: current.id + 1,
        method: 'withdrawal',
        streams: current.streams.filter((s) => !body.streams?.includes(s)),
        purposes: current.purposes.filter((p) => !body.purposes?.includes(p)),
        given_at: GIVEN + 3600,
      });
      consent = { ...consent, current: next, history: [next, ...consent.history] };
      return { status: 201, ...answer() };
    },
    'POST /tests/7/participants/9/consent': (call) => {
      posts.push(call);
      const body = (
        call.body as { consent: { streams: ConsentRecord['streams']; purposes: ConsentRecord['purposes'] } }
      ).consent;
      const next = record({
        id: 50,
        method: 'paper',
        streams: body.streams,
        purposes: body.purposes,
        recorded_by: 'researcher@limbus.test',
      });
      consent = { ...consent, current: next, history: [next, ...consent.history] };
      return { status: 201, ...answer() };
    },
  });
  return { posts, calls: fake.calls };
}

const render = () => renderWithProviders(<ConsentSection testId={7} participantId={9} />);

describe('ConsentSection', () => {
  it('shows the consent in force with its version, what is granted and how, and the history', async () => {
    const first = record({});
    const withdrawn = record({
      id: 2,
      method: 'withdrawal',
      purposes: ['report', 'norms'],
      given_at: GIVEN + 60,
    });
    useConsentServer({ current: withdrawn, history: [withdrawn, first], has_terms: true });
    render();
    const inForce = await screen.findByLabelText('Consent in force');
    expect(inForce.textContent).toContain('Version 1 · Withdrawn in part');
    expect(within(inForce).getByLabelText('AI processing: not granted')).toBeTruthy();
    expect(within(inForce).getByLabelText('Gaze: granted')).toBeTruthy();
    const rows = within(screen.getByRole('table', { name: 'Consent history' })).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]?.textContent).toContain('in force');
    expect(rows[2]?.textContent).toContain('Given at the lab recorder');
  });

  it('withdraws a stream and a purpose only after the confirmation, and shows the new consent at once', async () => {
    const user = userEvent.setup({ delay: null });
    const first = record({});
    const { posts } = useConsentServer({ current: first, history: [first], has_terms: true });
    render();
    await user.click(await screen.findByRole('checkbox', { name: 'Gaze' }));
    await user.click(screen.getByRole('checkbox', { name: 'AI processing' }));
    await user.click(screen.getByRole('button', { name: 'Withdraw (2)' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Gaze');
    expect(posts).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]?.body).toEqual({ streams: ['eyes'], purposes: ['ai'] });
    const inForce = await screen.findByLabelText('Consent in force');
    await waitFor(() => expect(inForce.textContent).toContain('Withdrawn in part'));
    expect(within(inForce).getByLabelText('Gaze: not granted')).toBeTruthy();
  });

  it('warns when a test with terms has no consent, and records a paper consent from the form', async () => {
    const user = userEvent.setup({ delay: null });
    const { posts } = useConsentServer({ current: null, history: [], has_terms: true });
    render();
    expect(await screen.findByText('No consent recorded')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Enter a paper consent' }));
    const form = await screen.findByRole('form', { name: 'Enter a paper consent' });
    // Nothing chosen: the form says what is missing and sends nothing.
    await user.click(within(form).getByRole('button', { name: 'Record the consent' }));
    expect(await within(form).findByText('Choose the version the participant signed')).toBeTruthy();
    expect(posts).toHaveLength(0);
    await user.click(within(form).getByRole('combobox', { name: 'Version of the terms' }));
    await user.click(await screen.findByRole('option', { name: 'Version 1' }));
    await user.click(within(form).getByRole('checkbox', { name: /AI processing/ }));
    await user.click(within(form).getByRole('button', { name: 'Record the consent' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]?.body).toMatchObject({
      consent: { version: 1, streams: ['emotions', 'eyes', 'mice', 'screen'], purposes: ['report', 'norms'] },
    });
    const inForce = await screen.findByLabelText('Consent in force');
    expect(inForce.textContent).toContain('Given on paper, entered by a researcher');
  });
});
