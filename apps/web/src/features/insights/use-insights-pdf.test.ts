import type { Insight, SignificantPoint } from '@limbus/contract';
import { describe, expect, it } from 'vitest';
import { inReaderLanguage } from './use-insights-pdf';

const point = (comment: string, translation: string) =>
  ({ id: 1, comment, translation, participant_label: 'P0001' }) as SignificantPoint;
const insight = {
  id: 1,
  assigned_id: 1,
  significant_points: [point('Waar is de knop?', 'Where is the button?')],
};
const dutch = { translation: 'Dutch', translation_language: 'English' };

describe('inReaderLanguage: the Insights PDF quotes participants in the reader’s language (issue 26)', () => {
  it('quotes the English translation to an English reader, and the Dutch original to a Dutch one', () => {
    const comments = (reader: string) =>
      inReaderLanguage([insight as unknown as Insight], dutch, reader)[0]?.significant_points.map(
        (one) => one.comment,
      );
    expect(comments('en')).toEqual(['Where is the button?']);
    expect(comments('nl')).toEqual(['Waar is de knop?']);
  });

  it('quotes the words as written when the test has no translation', () => {
    const english = { translation: 'English', translation_language: '' };
    const [only] = inReaderLanguage([insight as unknown as Insight], english, 'en');
    expect(only?.significant_points[0]?.comment).toBe('Waar is de knop?');
  });
});
