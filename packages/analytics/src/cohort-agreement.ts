import { type Box, densityGrid } from './heatmap-density.js';
import { gridShape } from './normalized-density.js';
import { correlationCoefficient, nss } from './saliency-metrics.js';

/*
 * How far a remote (webcam) cohort's gaze agrees with a lab cohort's on the same page or video
 * frame: the attention model's saliency metrics with the lab's fixation density in the model's
 * place, and Spearman's rho over the areas of interest ranked by their share of dwell time. Every
 * figure comes with a percentile bootstrap interval over participants: each replicate draws the
 * lab's and the remote cohort's participants with replacement, each cohort to its own size; the
 * interval is the replicates' percentiles placed around the estimate (estimateOf).
 */

/** A fixation in page px (or frame px) with its duration in ms. */
export type AgreementFixation = { x: number; y: number; duration: number };
/** One participant's fixations on the page; participants without any are left out by the caller. */
export type CohortParticipant = readonly AgreementFixation[];

export type AgreementOptions = {
  /** Grid cell in px: 16 keeps a 1920 × 6000 page at 45,000 cells, well below the 30 px blur. */
  cellPx: number;
  /** The blur of the measured heatmaps and of the attention model's CC (DEFAULT_DENSITY_OPTIONS). */
  sigmaPx: number;
  /** Bootstrap replicates. */
  resamples: number;
  /** Seed of the replicates' draws: the same data gives the same intervals. */
  seed: number;
  /** Confidence level of the percentile intervals. */
  level: number;
};

export const DEFAULT_AGREEMENT_OPTIONS: AgreementOptions = {
  cellPx: 16,
  sigmaPx: 30,
  resamples: 200,
  seed: 30,
  level: 0.95,
};

/** A figure with its percentile bootstrap interval; null where it cannot be computed (a cohort empty, a map constant). */
export type AgreementEstimate = { value: number | null; lower: number | null; upper: number | null };

/** Mulberry32: a small seeded generator of uniform numbers in [0, 1), so the intervals are reproducible. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** How many times each of n participants is drawn in one bootstrap replicate (n draws with replacement). */
export function drawWeights(n: number, random: () => number): Float64Array {
  const weights = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const drawn = Math.floor(random() * n);
    weights[drawn] = (weights[drawn] as number) + 1;
  }
  return weights;
}

export const ones = (n: number) => new Float64Array(n).fill(1);

/**
 * Below this many participants in either cohort there is no interval: a bootstrap over 2–4
 * participants has a handful of distinct replicates and answers intervals far too narrow.
 */
export const MIN_BOOTSTRAP_PARTICIPANTS = 5;

/** The replicates to draw: none while a cohort is too small to bootstrap. */
export const replicatesFor = (labN: number, remoteN: number, o: Pick<AgreementOptions, 'resamples'>) =>
  Math.min(labN, remoteN) >= MIN_BOOTSTRAP_PARTICIPANTS ? o.resamples : 0;

/** The p-quantile of sorted finite values, linear between order statistics (R's type 7). */
function quantile(sorted: readonly number[], p: number): number {
  const at = (sorted.length - 1) * p;
  const below = Math.floor(at);
  const low = sorted[below] as number;
  const high = sorted[Math.min(below + 1, sorted.length - 1)] as number;
  return low + (high - low) * (at - below);
}

/**
 * The interval of the finite replicates' 2.5th and 97.5th percentiles (at level 0.95), moved by
 * their median's distance from the estimate so that it lies around the estimate: resampled cohorts
 * repeat participants, which makes their maps noisier and shifts every replicate's CC down, so the
 * raw percentiles sat below the estimate (on the demo, the estimate at or past the upper bound).
 * The bootstrap gives the spread; the estimate the location. Bounds clamped to `range` (CC and rho
 * to [−1, 1]); null when fewer than 2 replicates are finite.
 */
export function estimateOf(
  value: number,
  replicates: readonly number[],
  level: number,
  range: [number, number] = [Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY],
): AgreementEstimate {
  const finite = replicates.filter(Number.isFinite).sort((a, b) => a - b);
  const tail = (1 - level) / 2;
  if (!Number.isFinite(value)) return { value: null, lower: null, upper: null };
  if (finite.length < 2) return { value, lower: null, upper: null };
  const shift = value - quantile(finite, 0.5);
  const clamp = (bound: number) => Math.min(range[1], Math.max(range[0], bound));
  return {
    value,
    lower: clamp(quantile(finite, tail) + shift),
    upper: clamp(quantile(finite, 1 - tail) + shift),
  };
}

export const CORRELATION_RANGE: [number, number] = [-1, 1];

export type MapAgreement = {
  labParticipants: number;
  remoteParticipants: number;
  /** Pearson's CC between the two cohorts' fixation densities. */
  cc: AgreementEstimate;
  /** NSS of the remote cohort's fixations on the lab's density (standardised). */
  nss: AgreementEstimate;
};

type ParticipantMap = { density: Float32Array; cells: Uint32Array };

function participantMap(fixations: CohortParticipant, width: number, height: number, o: AgreementOptions) {
  const x = fixations.map((f) => f.x);
  const y = fixations.map((f) => f.y);
  const shape = gridShape(width, height, o.cellPx);
  const cells = new Set<number>();
  for (const f of fixations)
    if (f.x >= 0 && f.x < width && f.y >= 0 && f.y < height)
      cells.add(Math.floor(f.y / o.cellPx) * shape.cols + Math.floor(f.x / o.cellPx));
  const { values } = densityGrid({ x, y }, width, height, { cellPx: o.cellPx, sigmaPx: o.sigmaPx });
  return { density: values, cells: Uint32Array.from(cells) };
}

/** Σ weight × density over a cohort's participants: the cohort's fixation density, each fixation counted once per draw. */
function cohortDensity(maps: readonly ParticipantMap[], weights: Float64Array, cells: number): Float64Array {
  const sum = new Float64Array(cells);
  for (let i = 0; i < maps.length; i++) {
    const w = weights[i] as number;
    if (w === 0) continue;
    const density = (maps[i] as ParticipantMap).density;
    for (let c = 0; c < cells; c++) sum[c] = (sum[c] as number) + w * (density[c] as number);
  }
  return sum;
}

/** The binary fixation map of the drawn participants: 1 for every cell holding a fixation of any. */
function cohortFixated(maps: readonly ParticipantMap[], weights: Float64Array, cells: number): Uint8Array {
  const fixated = new Uint8Array(cells);
  maps.forEach((map, i) => {
    if ((weights[i] as number) > 0) for (const c of map.cells) fixated[c] = 1;
  });
  return fixated;
}

/**
 * CC and NSS of the remote cohort against the lab cohort on a `width × height` page (px). The lab's
 * fixations blurred at σ = `sigmaPx` (densityGrid) are the reference map, as the attention model's
 * prediction is in docs/attention-model.md: CC is Pearson's correlation between it and the remote
 * fixations blurred alike; NSS averages the standardised lab map over the cells holding a remote
 * fixation. Intervals: percentile bootstrap over participants (`resamples` replicates, seeded;
 * none below MIN_BOOTSTRAP_PARTICIPANTS in a cohort).
 * O(participants × cells × resamples).
 */
export function mapAgreement(
  lab: readonly CohortParticipant[],
  remote: readonly CohortParticipant[],
  width: number,
  height: number,
  options: Partial<AgreementOptions> = {},
): MapAgreement {
  const o = { ...DEFAULT_AGREEMENT_OPTIONS, ...options };
  const counts = { labParticipants: lab.length, remoteParticipants: remote.length };
  const none = { value: null, lower: null, upper: null };
  if (lab.length === 0 || remote.length === 0) return { ...counts, cc: none, nss: none };
  const { cols, rows } = gridShape(width, height, o.cellPx);
  const cells = cols * rows;
  const labMaps = lab.map((p) => participantMap(p, width, height, o));
  const remoteMaps = remote.map((p) => participantMap(p, width, height, o));
  const figures = (labWeights: Float64Array, remoteWeights: Float64Array) => {
    const labDensity = cohortDensity(labMaps, labWeights, cells);
    const remoteDensity = cohortDensity(remoteMaps, remoteWeights, cells);
    return {
      cc: correlationCoefficient(labDensity, remoteDensity),
      nss: nss(labDensity, cohortFixated(remoteMaps, remoteWeights, cells)),
    };
  };
  const point = figures(ones(lab.length), ones(remote.length));
  const random = seededRandom(o.seed);
  const ccs: number[] = [];
  const nsss: number[] = [];
  for (let r = 0; r < replicatesFor(lab.length, remote.length, o); r++) {
    const replicate = figures(drawWeights(lab.length, random), drawWeights(remote.length, random));
    ccs.push(replicate.cc);
    nsss.push(replicate.nss);
  }
  return {
    ...counts,
    cc: estimateOf(point.cc, ccs, o.level, CORRELATION_RANGE),
    nss: estimateOf(point.nss, nsss, o.level),
  };
}

/** Ranks 1…n from the highest value down; equal values share their mean rank (Spearman's convention). */
export function descendingRanks(values: readonly number[]): number[] {
  const order = values.map((value, index) => ({ value, index })).sort((a, b) => b.value - a.value);
  const ranks = new Array<number>(values.length).fill(0);
  let start = 0;
  while (start < order.length) {
    let end = start;
    while (end + 1 < order.length && order[end + 1]?.value === order[start]?.value) end++;
    const shared = (start + end) / 2 + 1;
    for (let k = start; k <= end; k++) ranks[(order[k] as { index: number }).index] = shared;
    start = end + 1;
  }
  return ranks;
}

/** Spearman's rho: Pearson's correlation of the two orderings' ranks (ties at their mean rank). NaN if either is constant. */
export function spearmanRho(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length) throw new RangeError('spearmanRho: the lists differ in length');
  if (a.length < 2) return Number.NaN;
  return correlationCoefficient(descendingRanks(a), descendingRanks(b));
}

const isInside = (box: Box, f: AgreementFixation) =>
  f.x >= box.left && f.x < box.left + box.width && f.y >= box.top && f.y < box.top + box.height;

/** Per participant and area: the share of the participant's fixation time on the page spent in the area. */
function dwellShares(participants: readonly CohortParticipant[], areas: readonly Box[]): Float64Array[] {
  return participants.map((fixations) => {
    const total = fixations.reduce((sum, f) => sum + f.duration, 0);
    return Float64Array.from(areas, (area) =>
      total > 0 ? fixations.reduce((sum, f) => sum + (isInside(area, f) ? f.duration : 0), 0) / total : 0,
    );
  });
}

/** The weighted mean share of each area over a cohort's drawn participants. */
function meanShares(shares: readonly Float64Array[], weights: Float64Array, areas: number): number[] {
  const sums = new Array<number>(areas).fill(0);
  let total = 0;
  shares.forEach((row, i) => {
    const w = weights[i] as number;
    total += w;
    for (let a = 0; a < areas; a++) sums[a] = (sums[a] as number) + w * (row[a] as number);
  });
  return sums.map((sum) => (total > 0 ? sum / total : 0));
}

export type AreaRank = {
  /** Mean share of the cohort's fixation time on the page that fell in the area, [0, 1]. */
  share: number;
  /** 1 = most looked at; ties share their mean rank. */
  rank: number;
  /** Percentile bootstrap interval of the rank; null while a cohort is too small to bootstrap. */
  rankLower: number | null;
  rankUpper: number | null;
};

export type AreaRankAgreement = {
  rho: AgreementEstimate;
  /** Per area, in the order given. */
  areas: { lab: AreaRank; remote: AreaRank }[];
};

/** Areas fewer than this cannot be ranked meaningfully (Spearman on two items is ±1 whatever happens). */
export const MIN_RANKED_AREAS = 3;

/**
 * Spearman's rho between the lab's and the remote cohort's ranking of the areas by their mean
 * share of dwell time (each participant's fixation time in the area ÷ their fixation time on the
 * page, averaged over the cohort), with each area's rank and their percentile bootstrap intervals
 * (the same seeded replicates as mapAgreement's draws, participants with replacement). Null with
 * fewer than MIN_RANKED_AREAS areas or an empty cohort. O(participants × fixations × areas +
 * resamples × participants × areas).
 */
export function areaRankAgreement(
  lab: readonly CohortParticipant[],
  remote: readonly CohortParticipant[],
  areas: readonly Box[],
  options: Partial<AgreementOptions> = {},
): AreaRankAgreement | null {
  if (areas.length < MIN_RANKED_AREAS || lab.length === 0 || remote.length === 0) return null;
  const o = { ...DEFAULT_AGREEMENT_OPTIONS, ...options };
  const labShares = dwellShares(lab, areas);
  const remoteShares = dwellShares(remote, areas);
  const labPoint = meanShares(labShares, ones(lab.length), areas.length);
  const remotePoint = meanShares(remoteShares, ones(remote.length), areas.length);
  const random = seededRandom(o.seed);
  const rhos: number[] = [];
  const labRanks: number[][] = areas.map(() => []);
  const remoteRanks: number[][] = areas.map(() => []);
  for (let r = 0; r < replicatesFor(lab.length, remote.length, o); r++) {
    const labMeans = meanShares(labShares, drawWeights(lab.length, random), areas.length);
    const remoteMeans = meanShares(remoteShares, drawWeights(remote.length, random), areas.length);
    rhos.push(spearmanRho(labMeans, remoteMeans));
    descendingRanks(labMeans).forEach((rank, a) => {
      labRanks[a]?.push(rank);
    });
    descendingRanks(remoteMeans).forEach((rank, a) => {
      remoteRanks[a]?.push(rank);
    });
  }
  const tail = (1 - o.level) / 2;
  const rankOf = (shares: number[], replicates: number[][]) => {
    const ranks = descendingRanks(shares);
    return shares.map((share, a) => {
      const sorted = [...(replicates[a] as number[])].sort((x, y) => x - y);
      const bounded = sorted.length >= 2;
      return {
        share,
        rank: ranks[a] as number,
        rankLower: bounded ? quantile(sorted, tail) : null,
        rankUpper: bounded ? quantile(sorted, 1 - tail) : null,
      };
    });
  };
  const labAreas = rankOf(labPoint, labRanks);
  const remoteAreas = rankOf(remotePoint, remoteRanks);
  return {
    rho: estimateOf(spearmanRho(labPoint, remotePoint), rhos, o.level, CORRELATION_RANGE),
    areas: labAreas.map((labArea, a) => ({ lab: labArea, remote: remoteAreas[a] as AreaRank })),
  };
}

/** A rank gap at least this wide, with intervals apart, is a finding of one cohort only. */
export const RANK_GAP_FLAGGED = 2;

/**
 * The areas whose rank differs between the cohorts by at least RANK_GAP_FLAGGED places and whose
 * rank intervals do not overlap: the differences the intervals can tell apart, and no others.
 * Answers the areas' indices.
 */
export function rankDifferences(agreement: AreaRankAgreement): number[] {
  return agreement.areas.flatMap(({ lab, remote }, index) => {
    if (
      lab.rankLower === null ||
      lab.rankUpper === null ||
      remote.rankLower === null ||
      remote.rankUpper === null
    )
      return [];
    const apart = lab.rankUpper < remote.rankLower || remote.rankUpper < lab.rankLower;
    return Math.abs(lab.rank - remote.rank) >= RANK_GAP_FLAGGED && apart ? [index] : [];
  });
}

/**
 * How an agreement figure (CC or rho) reads, as far as its whole interval backs it: each bound
 * reads `close` at 0.7 and above, `moderate` from 0.5, `weak` below; when the bounds read alike
 * that is the reading, when they are neighbours it is the span (`weak_to_moderate`,
 * `moderate_to_close`), and an interval from weak to close, or none, is `unclear`. Never a
 * reading the interval cannot back.
 */
export type AgreementReading =
  | 'close'
  | 'moderate_to_close'
  | 'moderate'
  | 'weak_to_moderate'
  | 'weak'
  | 'unclear';

const boundReading = (bound: number) => (bound >= 0.7 ? 'close' : bound >= 0.5 ? 'moderate' : 'weak');

export function agreementReading(estimate: AgreementEstimate): AgreementReading {
  const { lower, upper } = estimate;
  if (lower === null || upper === null || estimate.value === null) return 'unclear';
  const from = boundReading(lower);
  const to = boundReading(upper);
  if (from === to) return from;
  if (from === 'weak' && to === 'moderate') return 'weak_to_moderate';
  if (from === 'moderate' && to === 'close') return 'moderate_to_close';
  return 'unclear';
}
