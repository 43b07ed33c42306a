import { LIGHTING_LIMITS } from './face-lighting';
import type { FaceObservation } from './tracking-messages';

export type FaceVerdict = 'ok' | 'noFace' | 'faceSmall';
export type LightVerdict = 'ok' | 'tooDark' | 'tooBright' | 'uneven';

/** A face narrower than this share of the frame sits too far for its irises to be read. */
export const SMALLEST_FACE_SHARE = 0.14;
const LEAST_SCORE = 0.5;

/** The most frequent of the verdicts, ties to the first seen. */
function mostFrequent<T>(first: T, rest: readonly T[]): T {
  const counts = new Map<T, number>();
  for (const verdict of [first, ...rest]) counts.set(verdict, (counts.get(verdict) ?? 0) + 1);
  let best = first;
  for (const [verdict, count] of counts) if (count > (counts.get(best) ?? 0)) best = verdict;
  return best;
}

const faceVerdictOf = (observation: FaceObservation): FaceVerdict => {
  const { face } = observation;
  if (!face || face.score < LEAST_SCORE || !face.features) return 'noFace';
  return face.box.width < SMALLEST_FACE_SHARE ? 'faceSmall' : 'ok';
};

const lightVerdictOf = ({ brightness, evenness }: { brightness: number; evenness: number }): LightVerdict => {
  if (brightness < LIGHTING_LIMITS.darkest) return 'tooDark';
  if (brightness > LIGHTING_LIMITS.brightest) return 'tooBright';
  return evenness < LIGHTING_LIMITS.leastEven ? 'uneven' : 'ok';
};

/**
 * The technical check's face and light over the last observations (about a second): what most
 * frames say, so that a blink or one dark frame does not flip it. Light is judged only on frames
 * with a face; null until there are observations.
 */
export function faceCheckOf(
  observations: readonly FaceObservation[],
): { face: FaceVerdict; light: LightVerdict | null } | null {
  const [first, ...rest] = observations.map(faceVerdictOf);
  if (!first) return null;
  const face = mostFrequent(first, rest);
  const [firstLit, ...restLit] = observations.flatMap((observation) =>
    observation.face ? [lightVerdictOf(observation.face.lighting)] : [],
  );
  return { face, light: face === 'noFace' || !firstLit ? null : mostFrequent(firstLit, restLit) };
}

/** The smallest window a test's stimulus needs, in CSS pixels: a website's desktop layout, or a phone's. */
export function smallestWindowFor(kind: 'desktop' | 'mobile' | 'video') {
  return kind === 'mobile' ? { width: 360, height: 560 } : { width: 1024, height: 600 };
}
