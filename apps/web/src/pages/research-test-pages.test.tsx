import type { TestFile } from '@limbus/contract';
import { render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeUser, useFakeApi } from '../test/fake-api';
import { TestProviders } from '../test/render';
import { makeTestDetail } from '../test/test-detail';
import { ResearchFilesPage, ResearchQuestionnairePage, ResearchSuggestionsPage } from './research-test-pages';

const file = (overrides: Partial<TestFile>): TestFile => ({
  kind: 'samples',
  title: 'Emotion samples',
  file_name: 'participant-P-1-emotions.lmbs',
  participant: { id: 1, real_id: 'P-1' },
  stream: 'emotions',
  size: 2048,
  updated_at: 1_767_000_000,
  url: '/api/v1/tests/12/participants/1/streams/emotions',
  access: 'token',
  ...overrides,
});

function renderAt(screenName: string, element: ReactElement) {
  const router = createMemoryRouter([{ path: `/research/test/:id/${screenName}`, element }], {
    initialEntries: [`/research/test/12/${screenName}`],
  });
  render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
}

const researcher = makeUser({
  role: 'company_admin',
  company: {
    id: 1,
    name: 'Limbus',
    licence_analysis: false,
    licence_research: true,
    is_demo: false,
    is_provider: true,
  },
  company_id: 1,
});

describe('research screens of a test', () => {
  it('Questionnaire lists each question with the answers of every participant', async () => {
    useFakeApi({
      'GET /tests/12': {
        body: makeTestDetail({
          id: 12,
          participants: [{ id: 1, real_id: 'P-1', type: 'default', started_at: null, ended_at: null }],
          open_questions: [
            {
              id: 11,
              text: 'What did you miss?',
              default: false,
              answers: [
                {
                  id: 1,
                  question_id: 11,
                  participant_id: 1,
                  text: 'A size chart',
                  translation: '',
                  score: null,
                  checked: false,
                },
              ],
            },
          ],
          evaluations: [
            {
              id: 21,
              text: 'Ease of use',
              description: '',
              caption_low: 'very difficult',
              caption_high: 'very easy',
              default: true,
              answers: [
                {
                  id: 2,
                  question_id: 21,
                  participant_id: 1,
                  text: 'Fine.',
                  translation: '',
                  score: 4,
                  checked: false,
                },
              ],
            },
          ],
        }),
      },
    });
    renderAt('questionnaire', <ResearchQuestionnairePage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Questionnaire' })).toBeTruthy();
    const question = await screen.findByRole('article', { name: 'What did you miss?' });
    expect(within(question).getByText('1 of 1 participants answered')).toBeTruthy();
    expect(within(question).getByRole('link', { name: 'P-1' }).getAttribute('href')).toBe(
      '/research/test/12/participants/1',
    );
    expect(within(question).getByText('A size chart')).toBeTruthy();
    const scale = screen.getByRole('article', { name: 'Ease of use' });
    expect(within(scale).getByText('1 of 1 participants answered · mean score 4.0 of 5')).toBeTruthy();
    expect(within(scale).getByRole('progressbar', { name: 'Score 4: 1 participants' })).toBeTruthy();
    const matrix = screen.getByRole('article', { name: 'Scores per participant' });
    expect(
      within(within(matrix).getByRole('row', { name: /P-1/ })).getByRole('cell', { name: '4' }),
    ).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Associations' })).toBeTruthy();
  });

  it('Suggestions is the suggestions editor of the test', async () => {
    useFakeApi({
      'GET /users/me': { body: researcher },
      'GET /tests/12': { body: makeTestDetail({ id: 12 }) },
      'GET /tests/12/suggestions': { body: { data: { suggestions: [] } } },
    });
    renderAt('suggestions', <ResearchSuggestionsPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Suggestions' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to the test setup/ }).getAttribute('href')).toBe(
      '/research/test/12/test-setup',
    );
  });

  it('Files groups recordings, uploads and exports with size, date and download', async () => {
    useFakeApi({
      'GET /tests/12': { body: makeTestDetail({ id: 12 }) },
      'GET /tests/12/files': {
        body: {
          files: [
            file({}),
            file({
              kind: 'test_video',
              title: 'Test video',
              file_name: 'brand-film-video.mp4',
              participant: null,
              stream: null,
              size: 3 * 1024 * 1024,
              url: '/api/v1/tests/12/video?expires=1&signature=x',
              access: 'signed',
            }),
          ],
        },
      },
    });
    renderAt('files', <ResearchFilesPage />);
    const recordings = await screen.findByRole('region', { name: /Recordings/ });
    expect(within(recordings).getByText('2 KB')).toBeTruthy();
    expect(
      within(recordings).getByRole('button', { name: 'Download emotion samples of participant P-1' }),
    ).toBeTruthy();
    const uploads = screen.getByRole('region', { name: /Uploads/ });
    const download = within(uploads).getByRole('link', { name: 'Download test video' });
    expect(download.getAttribute('href')).toBe('/api/v1/tests/12/video?expires=1&signature=x');
    expect(download.getAttribute('download')).toBe('brand-film-video.mp4');
    expect(screen.queryByRole('region', { name: /Exports/ })).toBeNull();
  });

  it('Files says when there are none', async () => {
    useFakeApi({
      'GET /tests/12': { body: makeTestDetail({ id: 12 }) },
      'GET /tests/12/files': { body: { files: [] } },
    });
    renderAt('files', <ResearchFilesPage />);
    expect(await screen.findByText('There are no files for this test yet')).toBeTruthy();
  });
});
