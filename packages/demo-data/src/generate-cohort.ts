import { type GenerateParticipantOptions, generateParticipant } from './generate-participant.js';
import {
  type GenerateVideoParticipantOptions,
  generateVideoParticipant,
} from './generate-video-participant.js';
import {
  type GenerateWebcamParticipantOptions,
  generateWebcamParticipant,
  type WebcamParticipant,
} from './generate-webcam-participant.js';
import type { DemoParticipant } from './participant-types.js';
import { deriveSeed, normalizeSeed } from './random.js';

export type GenerateCohortOptions = Omit<GenerateParticipantOptions, 'realId'> & {
  count: number;
  /** Time between the starts of consecutive sessions (default 30 minutes). */
  spacingMs?: number;
};

export type GenerateVideoCohortOptions = Omit<GenerateVideoParticipantOptions, 'realId'> & {
  count: number;
  spacingMs?: number;
};

const DEFAULT_SPACING_MS = 30 * 60_000;

function checkCount(count: number): void {
  if (!Number.isSafeInteger(count) || count < 0)
    throw new RangeError(`count must be a whole number ≥ 0, got ${count}`);
}

/**
 * Participants P0001, P0002 … of one test, generated one at a time as they are consumed, so a
 * cohort of any size never needs more memory than one participant. Participant i has seed
 * `deriveSeed(seed, i)` and starts at `startTime + i × spacingMs`: the same options always give
 * the same cohort, and any participant can be regenerated alone.
 */
export function* generateCohort(o: GenerateCohortOptions): Generator<DemoParticipant, void, undefined> {
  checkCount(o.count);
  const { count, spacingMs = DEFAULT_SPACING_MS, seed, startTime, ...rest } = o;
  const base = normalizeSeed(seed);
  for (let i = 0; i < count; i++) {
    yield generateParticipant({
      ...rest,
      seed: deriveSeed(base, i),
      startTime: startTime + i * spacingMs,
      realId: `P${String(i + 1).padStart(4, '0')}`,
      phraseOffset: i,
    });
  }
}

/** The video-test counterpart of `generateCohort`: viewers V0001, V0002 … of one video. */
export function* generateVideoCohort(
  o: GenerateVideoCohortOptions,
): Generator<DemoParticipant, void, undefined> {
  checkCount(o.count);
  const { count, spacingMs = DEFAULT_SPACING_MS, seed, startTime, ...rest } = o;
  const base = normalizeSeed(seed);
  for (let i = 0; i < count; i++) {
    yield generateVideoParticipant({
      ...rest,
      seed: deriveSeed(base, i),
      startTime: startTime + i * spacingMs,
      realId: `V${String(i + 1).padStart(4, '0')}`,
      phraseOffset: i,
    });
  }
}

export type GenerateWebcamCohortOptions = Omit<GenerateWebcamParticipantOptions, 'realId'> & {
  count: number;
  /** Participant i is `<realIdPrefix><i+1, four digits>`, as a remote cohort's join names them. */
  realIdPrefix: string;
  spacingMs?: number;
};

/** The remote counterpart of `generateCohort`: webcam participants of a website or video test. */
export function* generateWebcamCohort(
  o: GenerateWebcamCohortOptions,
): Generator<WebcamParticipant, void, undefined> {
  checkCount(o.count);
  const { count, realIdPrefix, spacingMs = DEFAULT_SPACING_MS, seed, startTime, ...rest } = o;
  const base = normalizeSeed(seed);
  for (let i = 0; i < count; i++) {
    yield generateWebcamParticipant({
      ...rest,
      seed: deriveSeed(base, i),
      startTime: startTime + i * spacingMs,
      realId: `${realIdPrefix}${String(i + 1).padStart(4, '0')}`,
      phraseOffset: i,
    });
  }
}
