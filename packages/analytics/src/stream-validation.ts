import { EMOTIONS, EXPRESSIONS } from './samples.js';
import type { DecodedStream } from './stream-codec.js';

/** Largest position accepted, in pixels: far beyond any screen or page, far inside Int32 tenths. */
export const MAX_POSITION_PX = 1_000_000;

/**
 * What is wrong with a stream before it is stored: columns of unequal length, timestamps that go
 * back in time or are not finite, values that are not finite (gaze x/y may be NaN: a lost
 * sample), scores outside [0, 1], positions beyond ±MAX_POSITION_PX, clicks other than 0/1,
 * URL indexes outside the URL table. Empty when the stream is fine; at most one message a rule.
 */
export function findStreamProblems(stream: DecodedStream): string[] {
  const problems: string[] = [];
  const { samples } = stream;
  const count = samples.timestamp.length;
  for (const [name, column] of Object.entries(samples)) {
    if (name !== 'urls' && (column as ArrayLike<number>).length !== count) {
      problems.push(
        `${name} has ${(column as ArrayLike<number>).length} values where timestamp has ${count}`,
      );
    }
  }
  if (problems.length > 0) return problems;
  const timestampProblem = findTimestampProblem(samples.timestamp);
  if (timestampProblem) problems.push(timestampProblem);
  if (stream.kind === 'emotions' || stream.kind === 'expressions') {
    const scores = stream.kind === 'emotions' ? EMOTIONS : EXPRESSIONS;
    const columns = stream.samples as unknown as Record<string, Float32Array>;
    for (const name of scores) {
      const column = columns[name] as Float32Array;
      const index = column.findIndex((value) => !(value >= 0 && value <= 1));
      if (index >= 0) problems.push(`${name}[${index}] is ${column[index]}; scores lie in [0, 1]`);
    }
  } else if (stream.kind === 'eyes') {
    for (const name of ['x', 'y'] as const) {
      const index = stream.samples[name].findIndex((value) => !Number.isNaN(value) && !isPosition(value));
      if (index >= 0) problems.push(`${name}[${index}] is ${stream.samples[name][index]}; not a position`);
    }
  } else {
    for (const name of ['x', 'y', 'scrollY', 'pageHeight'] as const) {
      const index = stream.samples[name].findIndex((value) => !isPosition(value));
      if (index >= 0) problems.push(`${name}[${index}] is ${stream.samples[name][index]}; not a position`);
    }
    const click = stream.samples.click.findIndex((value) => value > 1);
    if (click >= 0) problems.push(`click[${click}] is ${stream.samples.click[click]}; clicks are 0 or 1`);
    const url = stream.samples.urlIndex.findIndex((value) => value >= stream.samples.urls.length);
    if (url >= 0) problems.push(`urlIndex[${url}] points past the ${stream.samples.urls.length} URLs`);
  }
  return problems;
}

const isPosition = (value: number) => Number.isFinite(value) && Math.abs(value) <= MAX_POSITION_PX;

function findTimestampProblem(timestamps: Float64Array): string | null {
  let previous = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < timestamps.length; i++) {
    const timestamp = timestamps[i] as number;
    if (!Number.isFinite(timestamp)) return `timestamp[${i}] is ${timestamp}; not a time`;
    if (timestamp < previous) return `timestamp[${i}] (${timestamp}) is earlier than the one before it`;
    previous = timestamp;
  }
  return null;
}
