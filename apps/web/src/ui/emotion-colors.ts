import type { Emotion } from '@limbus/contract';

/** Emotion colours of the product, used as accents and in every emotion chart. */
export const EMOTION_COLORS = {
  frustration: '#e8457c',
  joy: '#2fb344',
  attention: '#f5b800',
} as const satisfies Record<Emotion, string>;

/** The same hues dark enough for text on white (contrast 5.3–6.1:1; the accents are 1.8–3.8:1). */
export const EMOTION_TEXT_COLORS: Readonly<Record<Emotion, string>> = {
  frustration: '#b8245a',
  joy: '#1e7b2f',
  attention: '#8a6400',
};
