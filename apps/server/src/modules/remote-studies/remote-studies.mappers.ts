import type { RemoteCohort, RemoteCohortState, RemoteGazeSettings, WebcamQuality } from '@limbus/contract';
import type { CohortRow, GazeSettingsRow, WebcamFigures } from './remote-studies.repository.js';

const toUnixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** Revoked first: a closed cohort stays closed whatever its count or date. */
export function cohortStateOf(
  row: Pick<CohortRow, 'revokedAt' | 'expiresAt' | 'participantsCreated' | 'cap'>,
  now: Date,
): RemoteCohortState {
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return row.participantsCreated >= row.cap ? 'full' : 'open';
}

export function toRemoteCohort(row: CohortRow, now: Date): RemoteCohort {
  return {
    id: row.id,
    test_id: row.testId,
    cap: row.cap,
    participants: row.participantsCreated,
    expires_at: toUnixSeconds(row.expiresAt),
    redirect_url: row.redirectUrl,
    created_by: row.createdBy,
    created_at: toUnixSeconds(row.createdAt),
    revoked_at: row.revokedAt ? toUnixSeconds(row.revokedAt) : null,
    state: cohortStateOf(row, now),
    gaze: toGazeSettings(row),
  };
}

export const toGazeSettings = (row: GazeSettingsRow): RemoteGazeSettings => ({
  threshold_deg: row.gazeThresholdDeg,
  max_recalibrations: row.gazeMaxRecalibrations,
  on_failure: row.gazeOnFailure,
  gaze_without_validation: row.gazeWithoutValidation,
});

export const fromGazeSettings = (settings: RemoteGazeSettings): GazeSettingsRow => ({
  gazeThresholdDeg: settings.threshold_deg,
  gazeMaxRecalibrations: settings.max_recalibrations,
  gazeOnFailure: settings.on_failure,
  gazeWithoutValidation: settings.gaze_without_validation,
});

export const toWebcamQuality = (row: WebcamFigures & { validationPassed: boolean }): WebcamQuality => ({
  validation_accuracy_deg: row.validationAccuracyDeg,
  validation_precision_deg: row.validationPrecisionDeg,
  tracking_ratio: row.trackingRatio,
  sampling_rate_hz: row.samplingRateHz,
  validation_passed: row.validationPassed,
});

/** JSON has no NaN: a figure that could not be measured is null. */
export const finiteOrNull = (value: number): number | null => (Number.isFinite(value) ? value : null);
