import type { Erasure, ParticipantSummary } from '@limbus/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { storeSession } from '../../../api';
import { makeUser, useFakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { EraseParticipantAction } from './erase-participant-action';
import { ErasureRequestPanel } from './erasure-request-panel';

const researcher = makeUser({ role: 'admin' });
const clientAdmin = makeUser({ role: 'company_admin' });

function erasure(overrides: Partial<Erasure> = {}): Erasure {
  return {
    id: 3,
    test_id: 7,
    participant_id: 2,
    subject: 'a1b2c3d4e5f60718',
    subject_hash: 'f'.repeat(64),
    subject_salt: '0'.repeat(32),
    state: 'verified',
    requested_by: { id: 1, label: 'staff@limbus.test' },
    requested_at: 1_790_000_000,
    erased_by: { id: 1, label: 'staff@limbus.test' },
    started_at: 1_790_000_000,
    finished_at: 1_790_000_002,
    removed: { participant: 1, streams: 3, significant_points: 4, files: 5, recomputed_metrics: 1 },
    pending_files: 0,
    is_verified: true,
    verification: { columns_searched: 133, files_searched: 87, found: [], checked_at: 1_790_000_002 },
    ...overrides,
  };
}

const participant = (id: number, realId: string) =>
  ({
    id,
    real_id: realId,
    type: 'default',
    source: 'lab',
    demographic: { age: null, gender: null, education: null },
    started_at: null,
    ended_at: null,
    time_to_complete_ms: null,
    total_clicks: 0,
    favourite: false,
    video: null,
    removed: [],
  }) satisfies ParticipantSummary;

describe('EraseParticipantAction', () => {
  it('says what goes before erasing, then shows the verified receipt with its counts', async () => {
    storeSession('jwt', researcher);
    const fake = useFakeApi({
      'GET /users/me': { body: researcher },
      'GET /tests/7/erasures': { body: { data: [] } },
      'POST /tests/7/participants/2/erasure': {
        status: 202,
        body: {
          data: erasure({ state: 'erasing', is_verified: false, finished_at: null, verification: null }),
        },
      },
      'GET /tests/7/erasures/3': { body: { data: erasure() } },
    });
    renderWithProviders(<EraseParticipantAction testId={7} participantId={2} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Erase participant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erase this participant?' });
    expect(within(dialog).getByText(/screen recording and its section clips/)).toBeTruthy();
    expect(within(dialog).getByText(/'Evidence withdrawn'/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Erase for good' }));
    expect(fake.calls.some((call) => call.method === 'POST')).toBe(true);
    const receipt = await screen.findByLabelText('Erasure receipt');
    expect(await within(receipt).findByText('Erased and verified')).toBeTruthy();
    const table = within(receipt).getByRole('table', { name: 'What was removed' });
    expect(within(within(table).getByRole('row', { name: /Sample streams/ })).getByText('3')).toBeTruthy();
    expect(within(receipt).getByText(/none was found/)).toBeTruthy();
  });

  it('offers to carry out an erasure a company admin requested', async () => {
    storeSession('jwt', researcher);
    useFakeApi({
      'GET /users/me': { body: researcher },
      'GET /tests/7/erasures': {
        body: {
          data: [
            erasure({
              state: 'requested',
              requested_by: { id: 9, label: 'ada@acme.test' },
              erased_by: null,
              started_at: null,
              finished_at: null,
              is_verified: false,
              verification: null,
              removed: {},
            }),
          ],
        },
      },
    });
    renderWithProviders(<EraseParticipantAction testId={7} participantId={2} />);
    expect(await screen.findByText(/ada@acme.test asked for this participant to be erased/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Carry out the erasure' })).toBeTruthy();
  });
});

describe('ErasureRequestPanel', () => {
  it('lets a company admin request the erasure of a participant, confirmed first', async () => {
    storeSession('jwt', clientAdmin);
    const fake = useFakeApi({
      'GET /users/me': { body: clientAdmin },
      'GET /tests/7/erasures': { body: { data: [] } },
      'POST /tests/7/participants/2/erasure': {
        status: 202,
        body: {
          data: erasure({
            state: 'requested',
            erased_by: null,
            started_at: null,
            finished_at: null,
            is_verified: false,
            verification: null,
            removed: {},
          }),
        },
      },
    });
    renderWithProviders(
      <ErasureRequestPanel testId={7} participants={[participant(1, 'P0001'), participant(2, 'P0002')]} />,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Request erasure' }));
    expect(await screen.findByText('Choose the participant to erase')).toBeTruthy();
    await userEvent.click(screen.getByRole('combobox', { name: 'Participant' }));
    await userEvent.click(await screen.findByRole('option', { name: 'P0002' }));
    await userEvent.click(screen.getByRole('button', { name: 'Request erasure' }));
    const dialog = await screen.findByRole('dialog', { name: "Request this participant's erasure?" });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request erasure' }));
    expect(fake.calls.find((call) => call.method === 'POST')?.path).toContain('/participants/2/erasure');
  });

  it('shows nothing to a researcher', async () => {
    storeSession('jwt', researcher);
    useFakeApi({ 'GET /users/me': { body: researcher } });
    renderWithProviders(<ErasureRequestPanel testId={7} participants={[]} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Erasure requests')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Request erasure' })).toBeNull();
  });
});
