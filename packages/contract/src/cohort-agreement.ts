import { z } from 'zod';
import { formatClock } from './clock.js';
import type { Emotion } from './constants.js';
import { idParams } from './fields.js';
import { defineRoutes } from './route.js';

/*
 * The agreement panel of a test with a lab and a remote (webcam) cohort (issue 30,
 * docs/remote-studies.md 'The agreement panel'): per heatmap page (or a video test's frame) how far
 * the remote cohort's gaze agrees with the lab's, each figure with its bootstrap interval, and what
 * holds in one cohort only.
 */

/** A figure with its 95 % percentile bootstrap interval; nulls where it cannot be computed or bootstrapped. */
export const agreementEstimateSchema = z.object({
  value: z.number().nullable(),
  lower: z.number().nullable(),
  upper: z.number().nullable(),
});
export type AgreementEstimateAnswer = z.infer<typeof agreementEstimateSchema>;

/** How a CC or rho reads when its whole interval backs it (analytics `agreementReading`). */
export const AGREEMENT_READINGS = [
  'close',
  'moderate_to_close',
  'moderate',
  'weak_to_moderate',
  'weak',
  'unclear',
] as const;
export type AgreementReadingName = (typeof AGREEMENT_READINGS)[number];

export const cohortAreaSchema = z.object({
  name: z.string(),
  /** Mean share of the cohort's fixation time on the page that fell in the area, 0–1. */
  lab_share: z.number(),
  remote_share: z.number(),
  /** 1 = most looked at; intervals null when a cohort is too small to bootstrap. */
  lab_rank: z.number(),
  lab_rank_interval: z.tuple([z.number(), z.number()]).nullable(),
  remote_rank: z.number(),
  remote_rank_interval: z.tuple([z.number(), z.number()]).nullable(),
});

export const cohortAreaRankingSchema = z.discriminatedUnion('available', [
  z.object({ available: z.literal(false), reason: z.string() }),
  z.object({
    available: z.literal(true),
    /** Where the areas come from: the page's newest prediction (measured against predicted). */
    source: z.literal('page_prediction'),
    rho: agreementEstimateSchema,
    reading: z.enum(AGREEMENT_READINGS),
    areas: z.array(cohortAreaSchema),
  }),
]);

export const cohortPageAgreementSchema = z.object({
  /** The heatmap page; null for a video test's frame. */
  heatmap_id: z.number().nullable(),
  name: z.string(),
  width: z.number(),
  height: z.number(),
  lab_participants: z.number(),
  remote_participants: z.number(),
  cc: agreementEstimateSchema,
  nss: agreementEstimateSchema,
  reading: z.enum(AGREEMENT_READINGS),
  areas: cohortAreaRankingSchema,
});
export type CohortPageAgreement = z.infer<typeof cohortPageAgreementSchema>;

/** One scene of a video test: the frame's agreement over the fixations within the scene's time. */
export const cohortSceneAgreementSchema = z.object({
  section_id: z.number(),
  name: z.string(),
  /** Milliseconds into the video. */
  start_ms: z.number(),
  end_ms: z.number(),
  lab_participants: z.number(),
  remote_participants: z.number(),
  cc: agreementEstimateSchema,
  nss: agreementEstimateSchema,
  reading: z.enum(AGREEMENT_READINGS),
});
export type CohortSceneAgreement = z.infer<typeof cohortSceneAgreementSchema>;

/**
 * The expression curves set against EEG emotion curves. Named for what they are: a classifier's
 * reading of a face is not an emotion the EEG measures.
 */
export const EXPRESSION_PAIRS = ['smile_joy', 'frown_frustration'] as const;
export type ExpressionPair = (typeof EXPRESSION_PAIRS)[number];

export const EXPRESSION_PAIR_NAMES: Record<
  ExpressionPair,
  { expression: string; short: string; emotion: string; eegEmotion: Emotion }
> = {
  smile_joy: {
    expression: 'Smiles (happy expression)',
    short: 'smiles',
    emotion: 'EEG joy',
    eegEmotion: 'joy',
  },
  frown_frustration: {
    expression: 'Frowns (angry, disgusted or sad expression)',
    short: 'frowns',
    emotion: 'EEG frustration',
    eegEmotion: 'frustration',
  },
};

export const expressionCurveSchema = z.object({
  pair: z.enum(EXPRESSION_PAIRS),
  lab_participants: z.number(),
  remote_participants: z.number(),
  /** Pearson's r between the two mean curves, with its interval. */
  r: agreementEstimateSchema,
  reading: z.enum(AGREEMENT_READINGS),
  /** The grid in seconds from the video's start, and each cohort's mean there (0–1 scores; null: no one). */
  time_s: z.array(z.number()),
  lab: z.array(z.number().nullable()),
  remote: z.array(z.number().nullable()),
});
export type ExpressionCurve = z.infer<typeof expressionCurveSchema>;

export const expressionAgreementSchema = z.discriminatedUnion('available', [
  z.object({ available: z.literal(false), reason: z.string() }),
  z.object({ available: z.literal(true), curves: z.array(expressionCurveSchema) }),
]);

export const cohortFindingSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('area_rank'),
    heatmap_id: z.number().nullable(),
    page: z.string(),
    area: z.string(),
    lab_rank: z.number(),
    remote_rank: z.number(),
    text: z.string(),
  }),
  z.object({
    kind: z.literal('weak_map'),
    heatmap_id: z.number().nullable(),
    page: z.string(),
    cc: agreementEstimateSchema,
    text: z.string(),
  }),
  z.object({
    kind: z.literal('expression_moment'),
    pair: z.enum(EXPRESSION_PAIRS),
    /** The cohort whose curve stands out there while the other's does not. */
    cohort: z.enum(['lab', 'remote']),
    start_s: z.number(),
    end_s: z.number(),
    text: z.string(),
  }),
]);
export type CohortFinding = z.infer<typeof cohortFindingSchema>;

export const cohortAgreementMethodSchema = z.object({
  /** 'percentile bootstrap over participants, each cohort drawn with replacement to its size'. */
  interval: z.string(),
  level: z.number(),
  resamples: z.number(),
  seed: z.number(),
  cell_px: z.number(),
  sigma_px: z.number(),
  /** Fewer participants than this in a cohort: no interval, and no difference claimed. */
  min_participants: z.number(),
});

export const cohortAgreementSchema = z.discriminatedUnion('available', [
  z.object({ available: z.literal(false), reason: z.string() }),
  z.object({
    available: z.literal(true),
    method: cohortAgreementMethodSchema,
    pages: z.array(cohortPageAgreementSchema),
    /** A video test's scenes, in their order (none for a website test or a video without scenes). */
    scenes: z.array(cohortSceneAgreementSchema),
    /** The expression curves against the EEG emotion curves (a video test). */
    expressions: expressionAgreementSchema,
    findings: z.array(cohortFindingSchema),
  }),
]);
export type CohortAgreement = z.infer<typeof cohortAgreementSchema>;
export const cohortAgreementAnswer = z.object({ data: cohortAgreementSchema });

export const COHORT_AGREEMENT_MESSAGES = {
  noLab:
    'This test has no lab participants with gaze yet, so there is nothing to compare the remote cohort with',
  noRemote: 'This test has no remote participants with gaze yet, so there is nothing to compare with the lab',
  fewAreas: 'Not enough areas to rank: draw at least 3 areas of interest on the page’s prediction',
  videoAreas: 'A video has no areas of interest to rank',
  noPageAreas: 'Not enough areas to rank: the page has no prediction with areas of interest',
  expressions:
    'No remote participant recorded facial expressions (none consented to them, or their camera could not read a face), so there is no expression curve to set against the lab’s EEG emotion curves',
  expressionsNeedVideo:
    'Expression curves are set against EEG emotion curves over a video, where everyone sees the same moment at the same time: on a website each participant sees a page at their own time',
  expressionsNeedEeg:
    'The lab participants have no EEG emotions to set the remote cohort’s expressions against',
  interval:
    'bootstrap over participants (each cohort drawn with replacement to its own size), its 2.5th to 97.5th percentiles placed around the estimate',
} as const;

const figure = (value: number | null) => (value === null ? '–' : value.toFixed(2));

/** '0.31 [0.18, 0.42]', or the figure alone without an interval. */
export function estimateText(estimate: AgreementEstimateAnswer): string {
  const interval =
    estimate.lower === null || estimate.upper === null
      ? ''
      : ` [${figure(estimate.lower)}, ${figure(estimate.upper)}]`;
  return `${figure(estimate.value)}${interval}`;
}

/**
 * 'The lab looks at Size chart first on Product (by dwell time); the remote cohort ranks it 3rd.'
 * Ranks are by share of dwell time among the page's areas.
 */
export function areaRankFindingText(page: string, area: string, labRank: number, remoteRank: number): string {
  const lab =
    labRank === 1
      ? `The lab looks at ${area} first on ${page}`
      : `The lab ranks ${area} ${ordinal(labRank)} on ${page}`;
  return `${lab} (by dwell time); the remote cohort ranks it ${ordinal(remoteRank)}.`;
}

export function weakMapFindingText(page: string, cc: AgreementEstimateAnswer): string {
  return `Remote gaze agrees weakly with the lab on ${page} (CC ${estimateText(cc)}).`;
}

/**
 * 'Joy at 0:28–0:33 stands out in the lab’s EEG; the remote cohort’s smiles show no peak there.'
 * or the other way round.
 */
export function expressionMomentText(
  pair: ExpressionPair,
  cohort: 'lab' | 'remote',
  startS: number,
  endS: number,
): string {
  const names = EXPRESSION_PAIR_NAMES[pair];
  const when = `${formatClock(startS)}–${formatClock(endS)}`;
  return cohort === 'lab'
    ? `${capitalise(names.eegEmotion)} at ${when} stands out in the lab’s EEG; the remote cohort’s ${names.short} show no peak there.`
    : `The remote cohort’s ${names.short} stand out at ${when}; the lab’s EEG ${names.eegEmotion} shows no peak there.`;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const SUFFIXES: Record<number, string> = { 1: 'st', 2: 'nd', 3: 'rd' };

/** 1st, 2nd, 3rd, 4th, 11th…; a shared rank as '2.5th (shared)'. */
function ordinal(rank: number): string {
  if (!Number.isInteger(rank)) return `${rank}th (shared)`;
  const teen = rank % 100 >= 11 && rank % 100 <= 13;
  return `${rank}${teen ? 'th' : (SUFFIXES[rank % 10] ?? 'th')}`;
}

export const cohortAgreementRoutes = defineRoutes('cohortAgreement', {
  get: {
    method: 'GET',
    path: '/tests/:id/cohort_agreement',
    access: 'user',
    summary:
      'How the remote (webcam) cohort agrees with the lab cohort: CC and NSS per page, AOI rank agreement (Spearman), with bootstrap intervals, and findings of one cohort only',
    params: idParams,
    responses: { 200: cohortAgreementAnswer },
  },
});
