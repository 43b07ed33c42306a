import { LANGUAGES } from '@limbus/contract';
import { describe, expect, it } from 'vitest';
import { languageOptions } from './language-options';

describe('languageOptions', () => {
  it('offers every language once with its English and native name', () => {
    const options = languageOptions('');
    expect(options.length).toBeGreaterThan(170);
    expect(new Set(options.map((option) => option.value)).size).toBe(options.length);
    expect(options).toContainEqual({ value: 'Dutch', label: 'Dutch (Nederlands)' });
    expect(options).toContainEqual({ value: 'English', label: 'English' });
    expect(options.length).toBeLessThanOrEqual(LANGUAGES.length);
  });

  it('keeps a stored language that is not in the list', () => {
    expect(languageOptions('Klingon')[0]).toEqual({ value: 'Klingon', label: 'Klingon' });
  });
});
