import {
  type MeasureSummary as AnalyticsSummary,
  type GazeQuality,
  median,
  type QualityThresholds,
} from '@limbus/analytics';
import type {
  MeasureSummary,
  ParticipantQuality,
  QualityProblem,
  QualityThresholds as ThresholdsAnswer,
  WebcamQuality,
} from '@limbus/contract';
import type { ParticipantRow } from '../participants/participants.service.js';

/**
 * A participant's measures: gaze quality from the stored eye stream, EEG as the lab sent it, and
 * a remote participant's webcam figures as its session kept them.
 */
export type MeasuredParticipant = {
  row: ParticipantRow;
  gaze: GazeQuality | null;
  problems: QualityProblem[];
  webcam: WebcamQuality | null;
};

/** JSON has no NaN: a measure that could not be taken is null. */
const finiteOrNull = (value: number | null | undefined): number | null =>
  value !== null && value !== undefined && Number.isFinite(value) ? value : null;

export function toParticipantQuality({
  row,
  gaze,
  problems,
  webcam,
}: MeasuredParticipant): ParticipantQuality {
  return {
    participant_id: row.id,
    real_id: row.realId,
    source: row.source,
    webcam,
    gaze_samples: gaze?.samples ?? 0,
    tracking_ratio: finiteOrNull(gaze?.trackingRatio),
    precision_rms_s2s_deg: finiteOrNull(gaze?.precisionRmsS2SDeg),
    precision_sd_deg: finiteOrNull(gaze?.precisionSdDeg),
    accuracy_deg: finiteOrNull(gaze?.accuracyDeg),
    validation_targets: gaze?.targets.length ?? 0,
    eeg_quality: finiteOrNull(row.eegQuality),
    problems,
    excluded_from_metrics: row.excludedFromMetrics,
  };
}

export function toMeasureSummary(summary: AnalyticsSummary): MeasureSummary {
  return {
    n: summary.n,
    mean: finiteOrNull(summary.mean),
    median: finiteOrNull(summary.median),
    min: finiteOrNull(summary.min),
    max: finiteOrNull(summary.max),
  };
}

/** The summary of the values that are known (not null). */
export function summariseKnown(values: readonly (number | null)[]): MeasureSummary {
  const known = values.filter((value): value is number => value !== null && Number.isFinite(value));
  if (known.length === 0) return { n: 0, mean: null, median: null, min: null, max: null };
  return {
    n: known.length,
    mean: known.reduce((sum, value) => sum + value, 0) / known.length,
    median: median(known),
    min: Math.min(...known),
    max: Math.max(...known),
  };
}

export function toThresholds(gaze: QualityThresholds, minEegQuality: number): ThresholdsAnswer {
  return {
    min_tracking_ratio: gaze.minTrackingRatio,
    max_precision_rms_s2s_deg: gaze.maxPrecisionRmsS2SDeg,
    max_accuracy_deg: gaze.maxAccuracyDeg,
    min_eeg_quality: minEegQuality,
  };
}
