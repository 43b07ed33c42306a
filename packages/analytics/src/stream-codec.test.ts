import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXPRESSIONS, type ExpressionSamples } from './samples.js';
import { type DecodedStream, decodeStream, encodeStream, StreamFormatError } from './stream-codec.js';
import { findStreamProblems } from './stream-validation.js';

const START = 1_795_000_000_000;

const timestamps = (count: number) =>
  fc
    .array(fc.double({ min: 0.001, max: 5000, noNaN: true }), { minLength: count, maxLength: count })
    .map((gaps) => {
      let time = START;
      return Float64Array.from(gaps, (gap) => {
        time += gap;
        return time;
      });
    });
const positions = (count: number, lost = false) =>
  fc
    .array(
      lost
        ? fc.oneof(fc.constant(Number.NaN), fc.double({ min: -5000, max: 50_000, noNaN: true }))
        : fc.double({ min: -5000, max: 50_000, noNaN: true }),
      {
        minLength: count,
        maxLength: count,
      },
    )
    .map((values) => Float32Array.from(values));
const scores = (count: number) =>
  fc
    .array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: count, maxLength: count })
    .map((v) => Float32Array.from(v));

const eyeStream = fc
  .nat({ max: 300 })
  .chain((count) =>
    fc.record({ timestamp: timestamps(count), x: positions(count, true), y: positions(count, true) }),
  );

function expectClose(actual: ArrayLike<number>, expected: ArrayLike<number>, tolerance: number) {
  expect(actual.length).toBe(expected.length);
  for (let i = 0; i < expected.length; i++) {
    const want = expected[i] as number;
    const got = actual[i] as number;
    if (Number.isNaN(want)) expect(got).toBeNaN();
    else expect(Math.abs(got - want)).toBeLessThanOrEqual(tolerance);
  }
}

describe('stream codec', () => {
  it('round-trips gaze within 1 µs and 0.05 px, keeping lost samples lost', () => {
    fc.assert(
      fc.property(eyeStream, (samples) => {
        const decoded = decodeStream(encodeStream({ kind: 'eyes', samples }));
        expect(decoded.kind).toBe('eyes');
        if (decoded.kind !== 'eyes') return;
        expectClose(decoded.samples.timestamp, samples.timestamp, 0.0011);
        expectClose(decoded.samples.x, samples.x, 0.051);
        expectClose(decoded.samples.y, samples.y, 0.051);
      }),
      { numRuns: 60 },
    );
  });

  it('round-trips emotions within 1/65535 and mice exactly where they are whole', () => {
    const emotionStream = fc.nat({ max: 200 }).chain((count) =>
      fc.record({
        timestamp: timestamps(count),
        joy: scores(count),
        attention: scores(count),
        frustration: scores(count),
      }),
    );
    fc.assert(
      fc.property(emotionStream, (samples) => {
        const decoded = decodeStream(encodeStream({ kind: 'emotions', samples }));
        if (decoded.kind !== 'emotions') throw new Error(`decoded as ${decoded.kind}`);
        for (const emotion of ['joy', 'attention', 'frustration'] as const) {
          expectClose(decoded.samples[emotion], samples[emotion], 1 / 65535);
        }
      }),
      { numRuns: 40 },
    );
    const mice: DecodedStream = {
      kind: 'mice',
      samples: {
        timestamp: Float64Array.of(START, START + 16, START + 33),
        x: Float32Array.of(10, 12, 400),
        y: Float32Array.of(5, 5, 300),
        scrollY: Float32Array.of(0, 120, 120),
        pageHeight: Float32Array.of(3000, 3000, 2400),
        click: Uint8Array.of(0, 1, 0),
        urlIndex: Uint16Array.of(0, 0, 1),
        urls: ['https://shop.acme.test/', 'https://shop.acme.test/shoes?x=1'],
      },
    };
    expect(decodeStream(encodeStream(mice))).toEqual(mice);
  });

  it('round-trips facial expressions within 1/65535, each of the seven in its own column', () => {
    const expressionStream = fc.nat({ max: 200 }).chain((count) =>
      fc.record({
        timestamp: timestamps(count),
        ...Object.fromEntries(EXPRESSIONS.map((name) => [name, scores(count)])),
      }),
    );
    fc.assert(
      fc.property(expressionStream, (drawn) => {
        const samples = drawn as ExpressionSamples;
        const decoded = decodeStream(encodeStream({ kind: 'expressions', samples }));
        if (decoded.kind !== 'expressions') throw new Error(`decoded as ${decoded.kind}`);
        expectClose(decoded.samples.timestamp, samples.timestamp, 0.001);
        for (const name of EXPRESSIONS) expectClose(decoded.samples[name], samples[name], 1 / 65535);
      }),
      { numRuns: 30 },
    );
    const happyOnly = {
      timestamp: Float64Array.of(START, START + 200),
      ...Object.fromEntries(EXPRESSIONS.map((name) => [name, Float32Array.of(name === 'happy' ? 1 : 0, 0)])),
    } as ExpressionSamples;
    const decoded = decodeStream(encodeStream({ kind: 'expressions', samples: happyOnly }));
    expect(decoded.kind === 'expressions' && [...decoded.samples.happy]).toEqual([1, 0]);
    expect(decoded.kind === 'expressions' && [...decoded.samples.neutral]).toEqual([0, 0]);
  });

  it('refuses truncated, foreign and tampered bytes with a StreamFormatError', () => {
    const bytes = encodeStream({
      kind: 'eyes',
      samples: {
        timestamp: Float64Array.of(START, START + 8),
        x: Float32Array.of(1, 2),
        y: Float32Array.of(3, 4),
      },
    });
    expect(() => decodeStream(bytes.subarray(0, bytes.length - 1))).toThrow(StreamFormatError);
    expect(() => decodeStream(new TextEncoder().encode('x,y\n1,2\n'.repeat(10)))).toThrow(StreamFormatError);
    const tampered = bytes.slice();
    tampered[5] = 9;
    expect(() => decodeStream(tampered)).toThrow(/kind/);
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (random) => {
        try {
          decodeStream(random);
        } catch (error) {
          expect(error).toBeInstanceOf(StreamFormatError);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('findStreamProblems', () => {
  it('accepts a good stream and names each problem of a bad one', () => {
    const good: DecodedStream = {
      kind: 'eyes',
      samples: {
        timestamp: Float64Array.of(1, 2, 3),
        x: Float32Array.of(1, Number.NaN, 3),
        y: Float32Array.of(1, Number.NaN, 3),
      },
    };
    expect(findStreamProblems(good)).toEqual([]);
    expect(
      findStreamProblems({
        kind: 'eyes',
        samples: { timestamp: Float64Array.of(1, 2), x: Float32Array.of(1), y: Float32Array.of(1, 2) },
      }),
    ).toEqual(['x has 1 values where timestamp has 2']);
    expect(
      findStreamProblems({
        kind: 'eyes',
        samples: {
          timestamp: Float64Array.of(2, 1),
          x: Float32Array.of(1, Infinity),
          y: Float32Array.of(1, 2),
        },
      }),
    ).toEqual(['timestamp[1] (1) is earlier than the one before it', 'x[1] is Infinity; not a position']);
    expect(
      findStreamProblems({
        kind: 'emotions',
        samples: {
          timestamp: Float64Array.of(1),
          joy: Float32Array.of(1.5),
          attention: Float32Array.of(Number.NaN),
          frustration: Float32Array.of(0),
        },
      }),
    ).toEqual(['joy[0] is 1.5; scores lie in [0, 1]', 'attention[0] is NaN; scores lie in [0, 1]']);
    const expressions = {
      timestamp: Float64Array.of(1, 2),
      ...Object.fromEntries(EXPRESSIONS.map((name) => [name, Float32Array.of(0.1, 0.2)])),
    } as ExpressionSamples;
    expect(findStreamProblems({ kind: 'expressions', samples: expressions })).toEqual([]);
    expect(
      findStreamProblems({
        kind: 'expressions',
        samples: { ...expressions, sad: Float32Array.of(0.1, -0.2) },
      }),
    ).toEqual(['sad[1] is -0.20000000298023224; scores lie in [0, 1]']);
  });
});
