import { REMOTE_GAZE_DEFAULTS, REMOTE_MESSAGES } from '@limbus/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { type FakeCall, useFakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { expiryDateRange } from './cohort-expiry-field';
import { OpenCohortButton } from './open-cohort-dialog';

const TOKEN = 'c'.repeat(64);
const REDIRECT = 'https://panel.example/done?pid={participant_id}';

const opened = (call: FakeCall) => {
  const { remote_cohort: asked } = call.body as { remote_cohort: { cap: number; redirect_url?: string } };
  return {
    status: 201,
    body: {
      data: {
        id: 9,
        test_id: 7,
        cap: asked.cap,
        participants: 0,
        expires_at: Date.UTC(2026, 11, 7) / 1000,
        redirect_url: asked.redirect_url ?? null,
        created_by: 'Ada Lovelace',
        created_at: Date.UTC(2026, 10, 30) / 1000,
        revoked_at: null,
        state: 'open',
      },
      token: TOKEN,
      path: `/p/${TOKEN}`,
    },
  };
};

describe('OpenCohortButton', () => {
  it('shows the server’s refusal at its field, then the participant link once with a copy button', async () => {
    const posts: FakeCall[] = [];
    useFakeApi({
      'POST /tests/7/remote_cohorts': (call) => {
        posts.push(call);
        const { remote_cohort: asked } = call.body as { remote_cohort: { redirect_url?: string } };
        if (asked.redirect_url?.includes('{RID}'))
          return {
            status: 400,
            body: {
              code: 'validation',
              message: 'Invalid input',
              errors: { redirect_url: [REMOTE_MESSAGES.unknownPlaceholder('RID')] },
            },
          };
        return opened(call);
      },
    });
    renderWithProviders(<OpenCohortButton testId={7} />);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Open a remote cohort' }));

    const cap = await screen.findByRole('textbox', { name: /Participants at most/ });
    expect((cap as HTMLInputElement).value).toBe('100');
    expect(screen.getByText(/\{participant_id\} and \{limbus_participant_id\}/)).toBeTruthy();
    const redirect = screen.getByRole('textbox', {
      name: 'Completion redirect (optional)',
    }) as HTMLInputElement;
    expect(redirect.value).toBe('');

    await user.clear(cap);
    await user.type(cap, '150');
    await user.click(screen.getByRole('combobox', { name: 'Expires' }));
    await user.click(await screen.findByRole('option', { name: 'After 7 days' }));
    await user.type(redirect, 'https://panel.example/done?rid={{RID}');
    await user.click(screen.getByRole('button', { name: 'Open cohort' }));

    expect(await screen.findByText(REMOTE_MESSAGES.unknownPlaceholder('RID'))).toBeTruthy();
    expect(redirect.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('textbox', { name: 'Participant link' })).toBeNull();

    await user.clear(redirect);
    await user.type(redirect, REDIRECT.replace('{', '{{'));
    await user.click(screen.getByRole('button', { name: 'Open cohort' }));

    const link = (await screen.findByRole('textbox', { name: 'Participant link' })) as HTMLInputElement;
    expect(link.value).toBe(`${window.location.origin}/p/${TOKEN}`);
    expect(screen.getByText('It will not be shown again: copy it now.')).toBeTruthy();
    expect(
      screen.getByText(/Participants take part in their own browser: consent, a camera check, a calibration/),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy();
    expect(posts.map((call) => call.body)).toEqual([
      {
        remote_cohort: {
          cap: 150,
          expires_in_days: 7,
          redirect_url: 'https://panel.example/done?rid={RID}',
          gaze: REMOTE_GAZE_DEFAULTS,
        },
      },
      { remote_cohort: { cap: 150, expires_in_days: 7, redirect_url: REDIRECT, gaze: REMOTE_GAZE_DEFAULTS } },
    ]);

    // once: the dialog opened again asks for a new cohort and holds no link
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await user.click(screen.getByRole('button', { name: 'Open a remote cohort' }));
    expect(await screen.findByRole('button', { name: 'Open cohort' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Participant link' })).toBeNull();
    expect(screen.queryByDisplayValue(new RegExp(TOKEN))).toBeNull();
  });

  it('checks the cap before sending, sends no redirect when none is given, and sends the gaze settings', async () => {
    const posts: FakeCall[] = [];
    useFakeApi({
      'POST /tests/7/remote_cohorts': (call) => {
        posts.push(call);
        return opened(call);
      },
    });
    renderWithProviders(<OpenCohortButton testId={7} />);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Open a remote cohort' }));
    const cap = await screen.findByRole('textbox', { name: /Participants at most/ });
    await user.clear(cap);
    await user.type(cap, '10001');
    await user.click(screen.getByRole('button', { name: 'Open cohort' }));
    expect(await screen.findByText('At most 10000 participants')).toBeTruthy();
    expect(posts).toEqual([]);

    await user.clear(cap);
    await user.type(cap, '5');
    // the cohort's webcam gaze settings go with it
    const threshold = screen.getByRole('textbox', { name: 'Accuracy needed (degrees)' });
    await user.clear(threshold);
    await user.type(threshold, '3.5');
    await user.click(screen.getByRole('checkbox', { name: /Store gaze without a passed calibration/ }));
    await user.click(screen.getByRole('button', { name: 'Open cohort' }));
    expect(await screen.findByRole('textbox', { name: 'Participant link' })).toBeTruthy();
    expect(posts[0]?.body).toEqual({
      remote_cohort: {
        cap: 5,
        expires_in_days: 14,
        gaze: { ...REMOTE_GAZE_DEFAULTS, threshold_deg: 3.5, gaze_without_validation: true },
      },
    });
  });

  it('sets the expiry by a date: the link’s last day, picked between today (UTC) and a year ahead', async () => {
    const posts: FakeCall[] = [];
    const today = new Date().toISOString().slice(0, 10);
    useFakeApi({
      'POST /tests/7/remote_cohorts': (call) => {
        posts.push(call);
        // the server's word on the day stands at the date's field
        if (posts.length === 1)
          return {
            status: 400,
            body: {
              code: 'validation',
              message: REMOTE_MESSAGES.expiryPast,
              errors: { expires_on: [REMOTE_MESSAGES.expiryPast] },
            },
          };
        return opened(call);
      },
    });
    renderWithProviders(<OpenCohortButton testId={7} />);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Open a remote cohort' }));
    await user.click(await screen.findByRole('combobox', { name: 'Expires' }));
    await user.click(await screen.findByRole('option', { name: 'On a date' }));

    // a date is needed before anything is sent
    await user.click(screen.getByRole('button', { name: 'Open cohort' }));
    expect(await screen.findByText("Pick the link's last day")).toBeTruthy();
    expect(posts).toEqual([]);

    await user.click(screen.getByRole('button', { name: /Last day of the link/ }));
    const day = (iso: string) => dayjs(iso).format('D MMMM YYYY');
    const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    if (yesterday.slice(0, 7) === today.slice(0, 7))
      expect((await screen.findByRole('button', { name: day(yesterday) })).hasAttribute('disabled')).toBe(
        true,
      );
    await user.click(await screen.findByRole('button', { name: day(today) }));
    expect(expiryDateRange(Date.UTC(2026, 10, 30, 23, 30))).toEqual({ min: '2026-11-30', max: '2027-11-29' });

    await user.click(screen.getByRole('button', { name: 'Open cohort' }));
    expect(await screen.findByText(REMOTE_MESSAGES.expiryPast)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Open cohort' }));
    expect(await screen.findByRole('textbox', { name: 'Participant link' })).toBeTruthy();
    expect(posts.map((call) => call.body)).toEqual([
      { remote_cohort: { cap: 100, expires_on: today, gaze: REMOTE_GAZE_DEFAULTS } },
      { remote_cohort: { cap: 100, expires_on: today, gaze: REMOTE_GAZE_DEFAULTS } },
    ]);
  });

  it('leads to the consent terms when the test has none', async () => {
    useFakeApi({
      'POST /tests/7/remote_cohorts': {
        status: 409,
        body: { code: 'conflict', message: REMOTE_MESSAGES.noTerms },
      },
    });
    renderWithProviders(<OpenCohortButton testId={7} />);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Open a remote cohort' }));
    await user.click(await screen.findByRole('button', { name: 'Open cohort' }));
    expect(await screen.findByText(REMOTE_MESSAGES.noTerms)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the consent terms' }).getAttribute('href')).toBe(
      '/research/test/7/consent',
    );
  });
});
