import {
  type CommentVersion,
  commentIn,
  commentReading,
  isTranslated,
  readerLanguage,
  translationTarget,
} from '@limbus/contract';
import { useState } from 'react';
import { SegmentedChoice } from '../../ui';
import { useCurrentUser } from './api';

/** The browser's languages, most wanted first ('en-GB', 'nl'). */
export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

/** The language the signed-in user reads participants' words in: their account's, else the browser's. */
export function useReaderLanguage(): string {
  const { user } = useCurrentUser();
  return readerLanguage(user?.profile.language ?? '', browserLanguages());
}

/** Participants' words with their translation: a point's comment, an open answer. */
export type Words = { text: string; translation: string };

/** A significant point's comment as words with their translation. */
export const pointWords = (point: { comment: string; translation: string }): Words => ({
  text: point.comment,
  translation: point.translation,
});

export type CommentVersionChoice = ReturnType<typeof useCommentVersion>;

/** Points whose comment is the chosen version, for what quotes a point's comment (a chart's tooltip). */
export function pointsIn<P extends { comment: string; translation: string }>(
  points: readonly P[],
  choice: CommentVersionChoice,
): P[] {
  return points.map((point) => ({ ...point, comment: choice.show(pointWords(point)) }));
}

/**
 * The one choice, per screen, of the version of participants' words it shows (issue 26): offered
 * when any of `words` has a translation, starting on the reader's language (commentReading), and
 * `show` picks the chosen version of one comment or answer.
 */
export function useCommentVersion(
  test: { translation: string; translation_language: string },
  words: readonly Words[],
) {
  const reader = useReaderLanguage();
  const reading = commentReading({
    reader,
    originalLanguage: test.translation,
    translationLanguage: translationTarget(test),
    hasTranslation: words.some(isTranslated),
  });
  const [chosen, setChosen] = useState<CommentVersion | null>(null);
  const version: CommentVersion = reading.offered ? (chosen ?? reading.initial) : 'original';
  return {
    ...reading,
    version,
    setVersion: setChosen,
    show: (one: Words) => commentIn(one, version),
  };
}

/** The toggle of a screen's participants' words: 'Original (Dutch)' and 'English'; nothing without a translation. */
export function CommentVersionToggle({ choice }: { choice: CommentVersionChoice }) {
  if (!choice.offered) return null;
  return (
    <SegmentedChoice
      aria-label="Language of participants’ words"
      value={choice.version}
      onChange={choice.setVersion}
      data={[
        { value: 'original', label: choice.originalLabel },
        { value: 'translation', label: choice.translationLabel },
      ]}
    />
  );
}
