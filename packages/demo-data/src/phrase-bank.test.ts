import { describe, expect, it } from 'vitest';
import { DEMO_TAG_NAMES, EVENT_KINDS } from './phrase-bank.js';

// Function words tell Dutch from English; a phrase must use more of its own language's.
const WORDS = {
  nl: new Set(
    'de het een en naar niet bij van op dat zijn wordt met voor als hem zich door vanaf om te aan maar waar tussen dan zonder weer na uit hoe wat er nog pas geen direct'.split(
      ' ',
    ),
  ),
  en: new Set(
    'the a an and to of at are not with for on that it when before from between where after again then up by as out into about than how what there every'.split(
      ' ',
    ),
  ),
};
const score = (text: string, language: 'nl' | 'en') =>
  text
    .toLowerCase()
    .split(/[^a-zà-ÿ]+/)
    .filter((w) => WORDS[language].has(w)).length;

describe('phrase bank', () => {
  const kinds = Object.values(EVENT_KINDS);

  it('has at least 30 distinct comments per language', () => {
    for (const language of ['nl', 'en'] as const) {
      const all = kinds.flatMap((k) => [...k[language]]);
      expect(all.length).toBeGreaterThanOrEqual(30);
      expect(new Set(all).size).toBe(all.length);
    }
  });

  it('writes each language in its own words', () => {
    for (const k of kinds) {
      for (const text of k.nl) expect(score(text, 'nl'), text).toBeGreaterThan(score(text, 'en'));
      for (const text of k.en) expect(score(text, 'en'), text).toBeGreaterThan(score(text, 'nl'));
    }
  });

  it('pairs each Dutch comment with its English translation', () => {
    for (const k of kinds) {
      expect(k.en.length).toBe(k.nl.length);
      expect(k.nl.length).toBeGreaterThan(1);
    }
  });

  it('suggests tags for every kind, among them the classic shop issues', () => {
    for (const k of kinds) expect(k.tags.length).toBeGreaterThan(0);
    for (const name of ['Size guide', 'Discount code', 'Navigation', 'Checkout', 'Product images']) {
      expect(DEMO_TAG_NAMES).toContain(name);
    }
  });
});
