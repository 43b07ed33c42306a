import {
  type HeatmapPage,
  REMOTE_SECONDS_PER_PAGE,
  type RemoteCohort,
  type RemoteCohortState,
  type RemoteGazeSettings,
  type RemoteQuestions,
  type RemoteStimulus,
  type WebcamQuality,
} from '@limbus/contract';
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

export const toWebcamQuality = (
  row: WebcamFigures & { validationPassed: boolean; completed: boolean },
): WebcamQuality => ({
  validation_accuracy_deg: row.validationAccuracyDeg,
  validation_precision_deg: row.validationPrecisionDeg,
  tracking_ratio: row.trackingRatio,
  sampling_rate_hz: row.samplingRateHz,
  validation_passed: row.validationPassed,
  completed: row.completed,
});

/** A question as the remote participant is asked it, by the questionnaire's list. */
type QuestionRecord = {
  id: number;
  kind: 'open' | 'scale' | 'association';
  text: string;
  description: string;
  captionLow: string;
  captionHigh: string;
};

/** The test's questions by list, with what the participant needs to answer them and nothing more. */
export function toRemoteQuestions(questions: readonly QuestionRecord[]): RemoteQuestions {
  const lists: RemoteQuestions = { associations: [], evaluations: [], open_questions: [] };
  for (const question of questions) {
    const asked = { id: question.id, text: question.text };
    if (question.kind === 'association') lists.associations.push(asked);
    else if (question.kind === 'open') lists.open_questions.push(asked);
    else
      lists.evaluations.push({
        ...asked,
        description: question.description,
        caption_low: question.captionLow,
        caption_high: question.captionHigh,
      });
  }
  return lists;
}

/** A website test's pages as the participant is shown them: those with a screenshot, in their order. */
export function toPagesStimulus(pages: readonly HeatmapPage[]): RemoteStimulus {
  const shown = pages.flatMap((page) =>
    page.screenshot === null
      ? []
      : [
          {
            id: page.id,
            name: page.name,
            url: page.url,
            screenshot_url: page.screenshot,
            width: page.screenshot_width,
            height: page.screenshot_height,
          },
        ],
  );
  if (shown.length === 0) return { kind: 'none' };
  return { kind: 'pages', seconds_each: REMOTE_SECONDS_PER_PAGE, pages: shown };
}

/** JSON has no NaN: a figure that could not be measured is null. */
export const finiteOrNull = (value: number): number | null => (Number.isFinite(value) ? value : null);
