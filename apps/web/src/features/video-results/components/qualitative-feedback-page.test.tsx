import type { QualitativeFeedback } from '@limbus/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useFakeApi } from '../../../test/fake-api';
import { makeVideoTest, renderVideoScreen } from '../../../test/video-results';
import { VideoQualitativeFeedbackPage } from './qualitative-feedback-page';

const WORDS = ['Fun', 'Trustworthy', 'Fast', 'Modern', 'Warm', 'Clear', 'Bold'];

const feedback: QualitativeFeedback = {
  associations: WORDS.map((text, index) => ({ id: index + 1, text, count: 9 - index, shown: index < 4 })),
  evaluations: [{ id: 20, text: 'How much did you like the video?', average: 3.5, answers: 8 }],
  open_questions: [
    {
      id: 30,
      text: 'What did you miss?',
      answers: [{ participant_id: 41, text: 'The price', translation: '' }],
    },
  ],
};

describe('VideoQualitativeFeedbackPage (research area)', () => {
  it('refuses a sixth association to show and saves five', async () => {
    const fake = useFakeApi({
      'GET /tests/7/qualitative_feedback': { body: feedback },
      'PUT /tests/7/shown_associations': { body: { message: 'The associations shown were saved' } },
    });
    renderVideoScreen(<VideoQualitativeFeedbackPage />, {
      test: makeVideoTest(),
      route: '/research/test/:id/qualitative-feedback',
      path: '/research/test/7/qualitative-feedback',
      role: 'admin',
    });
    const save = await screen.findByRole('button', { name: 'Save choice' });
    expect(screen.getByText('Choose at most 5; 4 chosen.')).toBeTruthy();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Warm' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Clear' }));
    expect(screen.getByText('Choose at most 5 associations')).toBeTruthy();
    expect(save).toHaveProperty('disabled', true);

    await userEvent.click(screen.getByRole('checkbox', { name: 'Fun' }));
    expect(screen.queryByText('Choose at most 5 associations')).toBeNull();
    await userEvent.click(save);
    await vi.waitFor(() =>
      expect(fake.calls.find((call) => call.method === 'PUT')?.body).toEqual({
        association_ids: [2, 3, 4, 5, 6],
      }),
    );
  });

  it('shows the client no picker', async () => {
    useFakeApi({ 'GET /tests/7/qualitative_feedback': { body: feedback } });
    renderVideoScreen(<VideoQualitativeFeedbackPage />, {
      test: makeVideoTest(),
      route: '/video-test/:id/qualitative-feedback',
      path: '/video-test/7/qualitative-feedback',
    });
    expect(await screen.findByText('The price')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save choice' })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});

const dutchTest = () => makeVideoTest({ translation: 'Dutch', translation_language: 'English' });
const mixed: QualitativeFeedback = {
  ...feedback,
  open_questions: [
    {
      id: 30,
      text: 'What would you change?',
      answers: [
        { participant_id: 41, text: 'Iets korter maken.', translation: 'Make it a bit shorter.' },
        { participant_id: 42, text: 'More of the shoe itself.', translation: '' },
      ],
    },
  ],
};
// A "hook" for biome: it installs the fake fetch.
const useRenderedFeedback = (language: string) => {
  useFakeApi({ 'GET /tests/7/qualitative_feedback': { body: mixed } });
  renderVideoScreen(<VideoQualitativeFeedbackPage />, {
    test: dutchTest(),
    route: '/video-test/:id/qualitative-feedback',
    path: '/video-test/7/qualitative-feedback',
    language,
  });
};

describe('VideoQualitativeFeedbackPage: one language per reader (issue 26)', () => {
  it('shows an English reader every answer in English, and the Dutch originals on the toggle', async () => {
    useRenderedFeedback('en');
    expect(await screen.findByText('Make it a bit shorter.')).toBeTruthy();
    expect(screen.getByText('More of the shoe itself.')).toBeTruthy();
    expect(screen.queryByText('Iets korter maken.')).toBeNull();
    const toggle = screen.getByRole('radiogroup', { name: 'Language of participants’ words' });
    expect(toggle.textContent).toContain('Original (Dutch)');
    expect(toggle.textContent).toContain('English');
    await userEvent.click(screen.getByRole('radio', { name: 'Original (Dutch)' }));
    expect(screen.getByText('Iets korter maken.')).toBeTruthy();
    expect(screen.queryByText('Make it a bit shorter.')).toBeNull();
  });

  it('shows a reader whose account says Dutch the originals first', async () => {
    useRenderedFeedback('nl');
    expect(await screen.findByText('Iets korter maken.')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Original (Dutch)' })).toHaveProperty('checked', true);
  });

  it("follows the browser's language when the reader never chose one", async () => {
    const languages = vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['nl-NL', 'en']);
    useRenderedFeedback('');
    expect(await screen.findByText('Iets korter maken.')).toBeTruthy();
    languages.mockRestore();
  });

  it('offers no toggle when no answer has a translation', async () => {
    useFakeApi({ 'GET /tests/7/qualitative_feedback': { body: feedback } });
    renderVideoScreen(<VideoQualitativeFeedbackPage />, {
      test: dutchTest(),
      route: '/video-test/:id/qualitative-feedback',
      path: '/video-test/7/qualitative-feedback',
      language: 'en',
    });
    expect(await screen.findByText('The price')).toBeTruthy();
    expect(screen.queryByRole('radiogroup', { name: 'Language of participants’ words' })).toBeNull();
  });
});
