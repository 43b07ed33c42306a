import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '../test/render';
import {
  ResearchFilesPage,
  ResearchQuestionnairePage,
  ResearchSuggestionsPage,
} from './research-placeholder-page';

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

describe('research placeholder screens (spec 2: Questionnaire, Suggestions, Files)', () => {
  it('titles each screen and links to where its work is done', async () => {
    renderAt('questionnaire', <ResearchQuestionnairePage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Questionnaire' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open participants' }).getAttribute('href')).toBe(
      '/research/test/12/participants',
    );
  });

  it('sends Suggestions to the test’s suggestions page and keeps the way back to the setup', async () => {
    renderAt('suggestions', <ResearchSuggestionsPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Suggestions' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open suggestions' }).getAttribute('href')).toBe(
      '/test/12/suggestions',
    );
    expect(screen.getByRole('link', { name: /Back to the test setup/ }).getAttribute('href')).toBe(
      '/research/test/12/test-setup',
    );
  });

  it('says Files has nothing yet, with no action', async () => {
    renderAt('files', <ResearchFilesPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Files' })).toBeTruthy();
    expect(screen.getByText('There are no files for this test yet.')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
