import type { Emotion, Journey } from '@limbus/contract';
import { EMOTION_COLORS } from '../../ui';

const NEUTRAL: [number, number, number] = [222, 226, 230];
/** Those who left the site. */
export const LEFT_COLOR = '#868e96';

const rgbOf = (hex: string): [number, number, number] => [
  Number.parseInt(hex.slice(1, 3), 16),
  Number.parseInt(hex.slice(3, 5), 16),
  Number.parseInt(hex.slice(5, 7), 16),
];

/** From the neutral grey (the lowest page of the test) to the emotion's colour (the highest). */
export function emotionShade(
  emotion: Emotion,
  value: number | null,
  range: { min: number; max: number },
): string {
  if (value === null) return `rgb(${NEUTRAL.join(',')})`;
  const t = range.max > range.min ? (value - range.min) / (range.max - range.min) : 1;
  const target = rgbOf(EMOTION_COLORS[emotion]);
  const mix = NEUTRAL.map((channel, i) => Math.round(channel + t * ((target[i] as number) - channel)));
  return `rgb(${mix.join(',')})`;
}

/** The lowest and highest mean of the emotion over the test's visited pages. */
export function emotionRange(journey: Journey, emotion: Emotion): { min: number; max: number } {
  const values = journey.pages
    .filter((page) => page.visitors > 0)
    .map((page) => page[emotion])
    .filter((value): value is number => value !== null);
  return { min: Math.min(...values, 1), max: Math.max(...values, 0) };
}
