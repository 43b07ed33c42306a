import {
  type AgreementEstimate,
  type AgreementOptions,
  CORRELATION_RANGE,
  DEFAULT_AGREEMENT_OPTIONS,
  drawWeights,
  estimateOf,
  ones,
  replicatesFor,
  seededRandom,
} from './cohort-agreement.js';
import { correlationCoefficient } from './saliency-metrics.js';
import { interpolateOnGrid, outstandingIntervals, timeGrid } from './video-aggregation.js';

/*
 * How a remote cohort's facial expressions over a video line up with the lab cohort's EEG emotion
 * over the same video (docs/remote-studies.md 'Expressions against EEG'): both cohorts' mean curves
 * on a one-second grid, Pearson's r between them with a percentile bootstrap interval over
 * participants (the draws of cohort-agreement.ts), and the moments that stand out in one cohort's
 * curve only. An expression is what a face shows, EEG what a brain measures: r says how far the
 * two stories match on this video, not that one measures the other.
 */

/** One participant's series on the video's timeline (ms from the video's start). */
export type TimedSeries = { timestamp: ArrayLike<number>; value: ArrayLike<number> };

export type ExpressionCurveOptions = {
  /** The grid of the mean curves (ms): expressions come at about 5 Hz, EEG emotions at 10 Hz. */
  stepMs: number;
  /** Samples further apart than this are not interpolated across (a face out of view). */
  maxGapMs: number;
} & AgreementOptions;

export const DEFAULT_EXPRESSION_CURVE_OPTIONS: ExpressionCurveOptions = {
  ...DEFAULT_AGREEMENT_OPTIONS,
  stepMs: 1000,
  maxGapMs: 1500,
};

/** Fewer grid points with both curves than this give no r (a correlation of a few seconds says nothing). */
export const MIN_CURVE_POINTS = 10;

export type MomentInterval = { start: number; end: number };

export type CurveAgreement = {
  labParticipants: number;
  remoteParticipants: number;
  /** Pearson's r of the two mean curves over the grid points where both have a value. */
  r: AgreementEstimate;
  /** The grid (ms from the video's start) and each cohort's mean there; null where no one has a value. */
  time: number[];
  lab: (number | null)[];
  remote: (number | null)[];
  /** Moments (ms) where one cohort's curve stands out (outstandingIntervals) and the other's does not overlap. */
  labOnly: MomentInterval[];
  remoteOnly: MomentInterval[];
};

/**
 * The lab's and the remote cohort's mean curves over `durationMs` of video, r between them with
 * its interval (none below MIN_BOOTSTRAP_PARTICIPANTS in a cohort), and the moments of one cohort
 * only. Participants without a value on the grid are left out of n. O(participants × (samples +
 * steps) + resamples × participants × steps).
 */
export function curveAgreement(
  lab: readonly TimedSeries[],
  remote: readonly TimedSeries[],
  durationMs: number,
  options: Partial<ExpressionCurveOptions> = {},
): CurveAgreement {
  const o = { ...DEFAULT_EXPRESSION_CURVE_OPTIONS, ...options };
  const grid = timeGrid(durationMs, o.stepMs);
  const steps = grid.length;
  const onGrid = (cohort: readonly TimedSeries[]) =>
    cohort
      .map((series) => interpolateOnGrid(series.timestamp, series.value, grid, o.maxGapMs))
      .filter((values) => values.some((value) => !Number.isNaN(value)));
  const labGrids = onGrid(lab);
  const remoteGrids = onGrid(remote);
  const labMean = meanCurve(labGrids, ones(labGrids.length), steps);
  const remoteMean = meanCurve(remoteGrids, ones(remoteGrids.length), steps);
  const random = seededRandom(o.seed);
  const replicates: number[] = [];
  for (let r = 0; r < replicatesFor(labGrids.length, remoteGrids.length, o); r++) {
    replicates.push(
      pairedCorrelation(
        meanCurve(labGrids, drawWeights(labGrids.length, random), steps),
        meanCurve(remoteGrids, drawWeights(remoteGrids.length, random), steps),
      ),
    );
  }
  const labMoments = outstandingIntervals(grid, labMean, 'above');
  const remoteMoments = outstandingIntervals(grid, remoteMean, 'above');
  return {
    labParticipants: labGrids.length,
    remoteParticipants: remoteGrids.length,
    r: estimateOf(pairedCorrelation(labMean, remoteMean), replicates, o.level, CORRELATION_RANGE),
    time: Array.from(grid),
    lab: Array.from(labMean, nullIfNaN),
    remote: Array.from(remoteMean, nullIfNaN),
    labOnly: withoutOverlap(labMoments, remoteMoments),
    remoteOnly: withoutOverlap(remoteMoments, labMoments),
  };
}

const nullIfNaN = (value: number) => (Number.isNaN(value) ? null : value);

/** The weighted mean over the participants with a value at each grid point; NaN where none has one. */
function meanCurve(grids: readonly Float64Array[], weights: Float64Array, steps: number): Float64Array {
  const sum = new Float64Array(steps);
  const total = new Float64Array(steps);
  grids.forEach((values, i) => {
    const w = weights[i] as number;
    if (w === 0) return;
    for (let k = 0; k < steps; k++) {
      const value = values[k] as number;
      if (Number.isNaN(value)) continue;
      sum[k] = (sum[k] as number) + w * value;
      total[k] = (total[k] as number) + w;
    }
  });
  return sum.map((value, k) => ((total[k] as number) > 0 ? value / (total[k] as number) : Number.NaN));
}

/** Pearson's r over the points where both curves have a value; NaN below MIN_CURVE_POINTS of them. */
function pairedCorrelation(a: Float64Array, b: Float64Array): number {
  const x: number[] = [];
  const y: number[] = [];
  for (let k = 0; k < a.length; k++) {
    if (Number.isNaN(a[k] as number) || Number.isNaN(b[k] as number)) continue;
    x.push(a[k] as number);
    y.push(b[k] as number);
  }
  return x.length < MIN_CURVE_POINTS ? Number.NaN : correlationCoefficient(x, y);
}

const overlaps = (a: MomentInterval, b: MomentInterval) => a.start <= b.end && b.start <= a.end;

function withoutOverlap(
  moments: readonly MomentInterval[],
  others: readonly MomentInterval[],
): MomentInterval[] {
  return moments.filter((moment) => !others.some((other) => overlaps(moment, other)));
}
