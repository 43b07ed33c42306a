import {
  agreementReading,
  curveAgreement,
  type DecodedStream,
  type ExpressionSamples,
  frownScore,
  smileScore,
  type TimedSeries,
} from '@limbus/analytics';
import {
  COHORT_AGREEMENT_MESSAGES,
  type CohortFinding,
  EXPRESSION_PAIR_NAMES,
  EXPRESSION_PAIRS,
  type ExpressionCurve,
  type ExpressionPair,
  expressionMomentText,
} from '@limbus/contract';
import type { JobDeps } from '../../jobs/job-runner.js';
import { loadStream } from '../participants/participant-streams.js';
import { toEstimate } from './cohort-agreement.mappers.js';

type Deps = Pick<JobDeps, 'db' | 'files'>;
type ParticipantRow = { id: number; startedAt: Date | null; endedAt: Date | null; source: string };
type Expressions = { available: false; reason: string } | { available: true; curves: ExpressionCurve[] };

/** The remote cohort's expression score each pair sets against the lab's EEG emotion (EXPRESSION_PAIR_NAMES). */
const EXPRESSION_OF_PAIR: Record<ExpressionPair, (samples: ExpressionSamples, i: number) => number> = {
  smile_joy: smileScore,
  frown_frustration: frownScore,
};

const round4 = (value: number | null) => (value === null ? null : Math.round(value * 10_000) / 10_000);
const seconds = (ms: number) => Math.round(ms) / 1000;

/**
 * The expression curves of a video test's remote cohort against its lab's EEG emotion curves
 * (analytics curveAgreement), both on the video's timeline, and the findings of one cohort only.
 * A website test has none: its participants see each page at their own time.
 */
export async function expressionAgreement(
  deps: Deps,
  test: { id: number; platform: string },
  rows: readonly ParticipantRow[],
): Promise<{ expressions: Expressions; findings: CohortFinding[] }> {
  const unavailable = (reason: string) => ({
    expressions: { available: false as const, reason },
    findings: [],
  });
  if (test.platform !== 'video') return unavailable(COHORT_AGREEMENT_MESSAGES.expressionsNeedVideo);
  const lab = (await onVideoTimeline(deps, rows, 'lab', 'emotions')).flatMap((stream) =>
    stream.kind === 'emotions' ? [stream.samples] : [],
  );
  if (lab.length === 0) return unavailable(COHORT_AGREEMENT_MESSAGES.expressionsNeedEeg);
  const remote = (await onVideoTimeline(deps, rows, 'webcam', 'expressions')).flatMap((stream) =>
    stream.kind === 'expressions' ? [stream.samples] : [],
  );
  if (remote.length === 0) return unavailable(COHORT_AGREEMENT_MESSAGES.expressions);
  const durationMs = Math.max(
    0,
    ...rows
      .filter((row) => row.source === 'lab' && row.startedAt && row.endedAt)
      .map((row) => (row.endedAt as Date).getTime() - (row.startedAt as Date).getTime()),
  );
  const curves: ExpressionCurve[] = [];
  const findings: CohortFinding[] = [];
  for (const pair of EXPRESSION_PAIRS) {
    const emotion = EXPRESSION_PAIR_NAMES[pair].eegEmotion;
    const expression = EXPRESSION_OF_PAIR[pair];
    const agreement = curveAgreement(
      lab.map((viewer): TimedSeries => ({ timestamp: viewer.timestamp, value: viewer[emotion] })),
      remote.map(
        (samples): TimedSeries => ({
          timestamp: samples.timestamp,
          value: Float32Array.from(samples.timestamp, (_, i) => expression(samples, i)),
        }),
      ),
      durationMs,
    );
    const r = toEstimate(agreement.r);
    curves.push({
      pair,
      lab_participants: agreement.labParticipants,
      remote_participants: agreement.remoteParticipants,
      r,
      reading: agreementReading(r),
      time_s: agreement.time.map(seconds),
      lab: agreement.lab.map(round4),
      remote: agreement.remote.map(round4),
    });
    for (const [cohort, moments] of [
      ['lab', agreement.labOnly],
      ['remote', agreement.remoteOnly],
    ] as const)
      for (const moment of moments) {
        const [start, end] = [seconds(moment.start), seconds(moment.end)];
        findings.push({
          kind: 'expression_moment',
          pair,
          cohort,
          start_s: start,
          end_s: end,
          text: expressionMomentText(pair, cohort, start, end),
        });
      }
  }
  return { expressions: { available: true, curves }, findings };
}

/**
 * The streams of `kind` of the cohort's participants on the video's timeline (ms from their video's
 * start, which is their recording's start: DESIGN §4); participants without one are left out.
 */
async function onVideoTimeline(
  deps: Deps,
  rows: readonly ParticipantRow[],
  source: 'lab' | 'webcam',
  kind: 'emotions' | 'expressions',
): Promise<DecodedStream[]> {
  const found: DecodedStream[] = [];
  for (const row of rows) {
    if (row.source !== source) continue;
    const stream = await loadStream(deps, row.id, kind);
    if (!stream || stream.samples.timestamp.length === 0) continue;
    const start = row.startedAt?.getTime() ?? (stream.samples.timestamp[0] as number);
    stream.samples.timestamp = stream.samples.timestamp.map((t) => t - start);
    found.push(stream);
  }
  return found;
}
