import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages.js';

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
