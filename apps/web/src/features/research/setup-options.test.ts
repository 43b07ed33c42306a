import { LANGUAGES } from '@limbus/contract';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../test/fake-api';
import { languageOptions, researcherOptions } from './setup-options';

describe('setup editor options', () => {
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

  it('lists as researchers only users of a company with the analysis licence', () => {
    const provider = {
      id: 2,
      name: 'Limbus',
      licence_analysis: true,
      licence_research: true,
      is_demo: false,
      is_provider: true,
    };
    const staff = makeUser({ id: 1, company_id: 2, company: provider });
    const client = makeUser({ id: 2 });
    const unattached = makeUser({ id: 3, company: null, company_id: null });
    expect(researcherOptions([staff, client, unattached]).map((option) => option.value)).toEqual(['1']);
  });
});
