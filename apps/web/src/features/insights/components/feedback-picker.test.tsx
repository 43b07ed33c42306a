import type { SignificantPoint } from '@limbus/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FakeCall, useFakeApi } from '../../../test/fake-api';
import { makeInsight } from '../../../test/insight';
import { renderWithProviders } from '../../../test/render';
import { FeedbackPicker } from './feedback-picker';

const START = 1_767_000_000;
const point = (id: number, comment: string, overrides: Partial<SignificantPoint> = {}): SignificantPoint => ({
  id,
  emotion: 'frustration',
  timestamp_top: (START + id) * 1000,
  comment,
  translation: '',
  false_positive: false,
  tags: [],
  ranking: 0,
  score: 1,
  participant_id: 9,
  participant_label: 'P0009',
  ...overrides,
});

const insight = makeInsight({
  id: 70,
  assigned_id: 2,
  title: 'The discount code is refused',
  significant_points_ids: [5],
});

/** A fake server with one participant, their points and one insight (a "hook": it installs fetch). */
function useFakeServer() {
  return useFakeApi({
    'GET /tests/4/participants': { body: [{ id: 9, real_id: 'P0009' }] },
    'GET /tests/4/participants/9': {
      body: {
        id: 9,
        started_at: START,
        significant_points: [
          point(11, 'Cannot find the field'),
          point(12, ''),
          point(13, 'Wrong peak', { false_positive: true }),
          point(14, 'Gives up on the code'),
        ],
      },
    },
    'GET /tests/4/insights': { body: { data: { insights: [insight] } } },
    'PATCH /tests/4/insights/70': (call: FakeCall) => ({
      body: { data: { ...insight, ...(call.body as { insight: object }).insight } },
    }),
  });
}

describe('FeedbackPicker', () => {
  it('adds the ticked feedback of a participant to the chosen insight, keeping its points', async () => {
    const fake = useFakeServer();
    renderWithProviders(<FeedbackPicker testId={4} threeColumns={false} />);
    const user = userEvent.setup();
    const feedback = await screen.findByRole('region', { name: 'Feedback' });
    // commented points only, false positives left out
    const items = await within(feedback).findAllByRole('checkbox');
    expect(items).toHaveLength(2);
    await user.click(within(feedback).getByLabelText(/Cannot find the field/));
    await user.click(within(feedback).getByLabelText(/Gives up on the code/));
    await user.click(within(feedback).getByRole('combobox', { name: 'Insight' }));
    await user.click(await screen.findByRole('option', { name: '2. The discount code is refused' }));
    await user.click(within(feedback).getByRole('button', { name: 'Add 2 to insight' }));
    expect(await within(feedback).findByText('Added 2 feedback items to insight 2.')).toBeTruthy();
    expect(fake.calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      insight: { significant_points_ids: [5, 11, 14] },
    });
  });

  it('in the three-column layout, shows the participants column from tablet width and a list on phones', async () => {
    useFakeServer();
    renderWithProviders(<FeedbackPicker testId={4} threeColumns />);
    const column = await screen.findByRole('navigation', { name: 'Participants' });
    expect(column.closest('.mantine-visible-from-sm')).not.toBeNull();
    const feedback = await screen.findByRole('region', { name: 'Feedback' });
    const list = within(feedback).getByRole('combobox', { name: 'Participant' });
    expect(list.closest('.mantine-hidden-from-sm')).not.toBeNull();
    expect((list as HTMLInputElement).value).toBe('Participant P0009');
  });
});
