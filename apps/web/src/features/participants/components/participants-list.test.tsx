import type { ParticipantSummary } from '@limbus/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useFakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { ParticipantsList } from './participants-list';

const row = (id: number, realId: string, ms: number | null): ParticipantSummary => ({
  id,
  real_id: realId,
  type: 'default',
  source: 'lab',
  demographic: { age: 34, gender: 'female', education: 'University' },
  started_at: 1_767_000_000,
  ended_at: null,
  time_to_complete_ms: ms,
  total_clicks: 0,
  favourite: false,
  removed: [],
  video: null,
});

describe('ParticipantsList', () => {
  it('shows the columns with mm:ss, and deletes a participant after the confirmation', async () => {
    let participants = [row(1, 'P-001', 125_400), row(2, 'P-002', null)];
    const fake = useFakeApi({
      'GET /tests/4/participants': () => ({ body: participants }),
      'DELETE /tests/4/participants/1': () => {
        participants = participants.filter((participant) => participant.id !== 1);
        return { status: 204 };
      },
    });
    renderWithProviders(<ParticipantsList testId={4} canManage />);
    const first = await screen.findByRole('row', { name: /P-001/ });
    for (const column of ['Participant id', 'Time to complete', 'Age', 'Gender', 'Education'])
      expect(screen.getByRole('columnheader', { name: column })).toBeTruthy();
    expect(within(first).getByText('02:05')).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'Edit participant P-001' }).getAttribute('href')).toBe(
      '/research/test/4/participants/1',
    );
    expect(first.querySelector('[data-avatar^="female-"] svg')).toBeTruthy();
    await userEvent.click(within(first).getByRole('button', { name: 'Delete participant P-001' }));
    expect(await screen.findByText('Are you sure you want to remove this participant?')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('row', { name: /P-001/ })).toBeNull());
    expect(fake.calls.some((call) => call.method === 'DELETE')).toBe(true);
  });

  it('badges a remote participant Webcam in its row, and a lab participant not at all', async () => {
    useFakeApi({
      'GET /tests/4/participants': {
        body: [row(1, 'P-001', 60_000), { ...row(2, 'remote-3-0001', 61_000), source: 'webcam' }],
      },
    });
    renderWithProviders(<ParticipantsList testId={4} canManage={false} />);
    const remote = await screen.findByRole('row', { name: /remote-3-0001/ });
    expect(remote.textContent).toContain('remote-3-0001Webcam: took part remotely, gaze measured by webcam');
    expect(screen.getByRole('row', { name: /P-001/ }).textContent).not.toMatch(/webcam/i);
  });

  it('shows client users the rows with portraits and a link to the replay, and no Edit or Delete', async () => {
    useFakeApi({
      'GET /tests/4/participants': {
        body: [
          { ...row(1, 'P-001', 60_000), video: '/api/v1/tests/4/participants/1/video?expires=1&signature=s' },
          { ...row(2, 'P-002', 61_000), demographic: { age: 40, gender: 'male', education: 'HBO' } },
        ],
      },
    });
    renderWithProviders(<ParticipantsList testId={4} canManage={false} />);
    const first = await screen.findByRole('row', { name: /P-001/ });
    const second = screen.getByRole('row', { name: /P-002/ });
    expect(second.querySelector('[data-avatar^="male-"] svg')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Edit/ })).toBeNull();
    // every row opens the replay, also while a recording is still to be made
    expect(
      within(first)
        .getByRole('link', { name: 'Open the recording of participant P-001' })
        .getAttribute('href'),
    ).toBe('/test/4/participant/1/recording');
    expect(
      within(second)
        .getByRole('link', { name: 'Open the recording of participant P-002' })
        .getAttribute('href'),
    ).toBe('/test/4/participant/2/recording');
  });
});
