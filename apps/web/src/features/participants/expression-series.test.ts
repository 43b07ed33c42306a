import { decodeStream, encodeStream } from '@limbus/analytics';
import { describe, expect, it } from 'vitest';
import { EXPRESSIONS_START_MS, makeExpressions } from '../../test/expressions';
import { EXPRESSION_CURVES, expressionSeries } from './expression-series';

const START = EXPRESSIONS_START_MS;

describe('expressionSeries', () => {
  it('draws smiles as the happy score and frowns as angry + disgusted + sad, from a decoded stream', () => {
    const bytes = encodeStream({ kind: 'expressions', samples: makeExpressions([0, 200, 400]) });
    const stream = decodeStream(bytes);
    if (stream.kind !== 'expressions') throw new Error(`decoded a ${stream.kind} stream`);
    const series = expressionSeries(stream.samples, START);
    expect(series.seconds).toEqual([0, 0.2, 0.4]);
    expect(series.curves[0]?.map((value) => value?.toFixed(3))).toEqual(['0.500', '0.500', '0.500']);
    expect(series.curves[1]?.map((value) => value?.toFixed(3))).toEqual(['0.300', '0.300', '0.300']);
    expect(EXPRESSION_CURVES.map((curve) => curve.label)).toEqual([
      'Smiles (happy expression)',
      'Frowns (angry, disgusted or sad expression)',
    ]);
  });

  it('puts a row of nulls in a gap (the face out of view), without interpolating across it', () => {
    // 0–0.8 s, then nothing until 3 s (the face out of view), then 3–3.4 s
    const series = expressionSeries(makeExpressions([0, 200, 400, 600, 800, 3000, 3200, 3400]), START);
    expect(series.seconds).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1.9, 3, 3.2, 3.4]);
    expect(series.curves[0]?.[5]).toBeNull();
    expect(series.curves[1]?.[5]).toBeNull();
    expect(series.sampleIndex).toEqual([0, 1, 2, 3, 4, -1, 5, 6, 7]);
    // every other row is a sample's own score
    expect(series.curves[0]?.filter((value) => value !== null)).toHaveLength(8);
  });

  it('leaves a steady stream with a late sample or two without gaps, and an empty one empty', () => {
    const jittered = expressionSeries(makeExpressions([0, 200, 450, 600, 800, 1000]), START);
    expect(jittered.sampleIndex).not.toContain(-1);
    expect(expressionSeries(makeExpressions([]), START)).toEqual({
      seconds: [],
      curves: [[], []],
      sampleIndex: [],
    });
  });

  it('gives a score missing from a sample as a gap in that curve, not a zero', () => {
    const samples = makeExpressions([0, 200, 400]);
    samples.happy[1] = Number.NaN;
    const series = expressionSeries(samples, START);
    expect(series.curves[0]?.[1]).toBeNull();
    expect(series.curves[1]?.[1]).toBeCloseTo(0.3, 5);
  });
});
