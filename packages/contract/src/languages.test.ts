import { describe, expect, it } from 'vitest';
import { commentIn, commentReading, isTranslated, LANGUAGES, readerLanguage } from './languages.js';

describe('LANGUAGES', () => {
  it('lists about 180 languages with unique codes, English and native names', () => {
    expect(LANGUAGES.length).toBeGreaterThanOrEqual(175);
    expect(new Set(LANGUAGES.map((language) => language.code)).size).toBe(LANGUAGES.length);
    expect(LANGUAGES.find((language) => language.code === 'nl')).toEqual({
      code: 'nl',
      name: 'Dutch',
      nativeName: 'Nederlands',
    });
    expect(LANGUAGES.every((language) => language.name.length > 0 && language.nativeName.length > 0)).toBe(
      true,
    );
  });
});

describe('readerLanguage (issue 26)', () => {
  it("takes the account's language over the browser's", () => {
    expect(readerLanguage('nl', ['en-GB', 'en'])).toBe('nl');
  });

  it("takes the browser's first known language when the user never chose", () => {
    expect(readerLanguage('', ['nl-BE', 'en'])).toBe('nl');
    expect(readerLanguage('', ['x-klingon', 'de-DE'])).toBe('de');
  });

  it('is English when neither says', () => {
    expect(readerLanguage('', [])).toBe('en');
    expect(readerLanguage('', ['x-klingon'])).toBe('en');
  });
});

describe('commentReading (issue 26)', () => {
  const dutchTest = { originalLanguage: 'Dutch', translationLanguage: 'English' };

  it('starts an English reader on the English translation, naming the original’s language', () => {
    expect(commentReading({ reader: 'en', ...dutchTest, hasTranslation: true })).toEqual({
      offered: true,
      initial: 'translation',
      originalLabel: 'Original (Dutch)',
      translationLabel: 'English',
    });
  });

  it('starts a Dutch reader on the Dutch original', () => {
    expect(commentReading({ reader: 'nl', ...dutchTest, hasTranslation: true }).initial).toBe('original');
  });

  it('starts a reader of neither language on the translation the test chose', () => {
    expect(commentReading({ reader: 'de', ...dutchTest, hasTranslation: true }).initial).toBe('translation');
  });

  it('offers no toggle and shows the original when no translation exists', () => {
    expect(commentReading({ reader: 'en', ...dutchTest, hasTranslation: false })).toMatchObject({
      offered: false,
      initial: 'original',
    });
    expect(
      commentReading({
        reader: 'en',
        originalLanguage: 'English',
        translationLanguage: null,
        hasTranslation: true,
      }),
    ).toMatchObject({ offered: false, initial: 'original' });
  });
});

describe('commentIn and isTranslated', () => {
  const words = { text: 'Waar is de knop?', translation: 'Where is the button?' };

  it('shows the translation when asked and there is one, else the words as written', () => {
    expect(commentIn(words, 'translation')).toBe('Where is the button?');
    expect(commentIn(words, 'original')).toBe('Waar is de knop?');
    expect(commentIn({ text: 'Mooi', translation: '' }, 'translation')).toBe('Mooi');
  });

  it('counts no translation that is empty or the words themselves', () => {
    expect(isTranslated(words)).toBe(true);
    expect(isTranslated({ text: 'Mooi', translation: '' })).toBe(false);
    expect(isTranslated({ text: 'Nice', translation: 'Nice' })).toBe(false);
  });
});
