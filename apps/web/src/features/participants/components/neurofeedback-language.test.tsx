import type { SignificantPoint } from '@limbus/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { storeSession } from '../../../api';
import { makeUser, useFakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { pointWords, useCommentVersion } from '../../account';
import { Neurofeedback } from './neurofeedback';

const START = 1_767_000_000_000;
const point: SignificantPoint = {
  id: 1,
  emotion: 'frustration',
  timestamp_top: START + 20_000,
  comment: 'Zoekt lang in het menu',
  translation: 'Searches the menu for a long time',
  false_positive: false,
  tags: [],
  ranking: 1,
  score: 0.8,
  participant_id: 9,
  participant_label: 'P0009',
};

const test = { id: 4, translation: 'Dutch', translation_language: 'English' };

/** The cards as a screen gives them: its one choice of the comments' language over its points. */
function Cards() {
  const words = useCommentVersion(test, [pointWords(point)]);
  return (
    <Neurofeedback
      test={test}
      participantId={9}
      points={[point]}
      words={words}
      sections={[]}
      startMs={START}
      nowMs={START + 20_000}
    />
  );
}

function renderCards(language: string) {
  const user = makeUser();
  storeSession('jwt', { ...user, profile: { ...user.profile, language } });
  // biome-ignore lint/correctness/useHookAtTopLevel: useFakeApi installs a fake fetch; it is not a React hook.
  useFakeApi({});
  renderWithProviders(<Cards />);
}

describe('Neurofeedback: one language per reader (issue 26)', () => {
  it('shows an English reader the translation, and the Dutch original on the toggle', async () => {
    renderCards('en');
    expect(screen.getByText('Searches the menu for a long time')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('radio', { name: 'Original (Dutch)' }));
    expect(screen.getByText('Zoekt lang in het menu')).toBeTruthy();
  });

  it('shows a Dutch reader the original first', () => {
    renderCards('nl');
    expect(screen.getByText('Zoekt lang in het menu')).toBeTruthy();
    expect(screen.queryByText('Searches the menu for a long time')).toBeNull();
  });
});
