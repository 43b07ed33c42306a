import {
  calibrationVerdict,
  DEFAULT_CALIBRATION_THRESHOLD_DEG,
  DEFAULT_MAX_RECALIBRATIONS,
  gazeQuality,
  pixelsPerDegree,
  samplingRateHz,
  validationQuality,
  webcamScreenGeometry,
} from '@limbus/analytics';
import {
  deriveSeed,
  generateWebcamCohort,
  type Platform,
  type QuestionnaireAnswers,
  type WebcamParticipant,
} from '@limbus/demo-data';
import { newOpaqueToken } from '../auth/opaque-tokens.js';
import type { Executor } from '../db/client.js';
import type { JobDeps } from '../jobs/job-runner.js';
import { recordGeneratedWebcamParticipant } from '../modules/participants/record-generated-participant.js';
import {
  insertDemoCohort,
  insertDemoSession,
  insertDemoValidations,
} from './demo-remote-cohort.repository.js';
import { DEMO_TRANSLATION_LANGUAGE } from './record-demo-participant.js';

/** How many webcam participants the demo's remote cohorts have (Acme Retail's desktop and video tests). */
export const DEMO_REMOTE_PARTICIPANTS = 40;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** A panel fills a cohort over a few days: a participant every two hours. */
const REMOTE_SPACING_MS = 2 * HOUR_MS;
/** The session is opened at the join; consent, the camera check and calibration take these minutes before the stimulus. */
const CONSENT_BEFORE_MS = 4 * MINUTE_MS;
const VALIDATION_BEFORE_MS = 1 * MINUTE_MS;
const SESSION_LIFETIME_MS = 3 * HOUR_MS;

export type DemoRemoteCohortOptions = {
  testId: number;
  companyId: number;
  kind: Platform | 'video';
  videoDurationMs?: number;
  count: number;
  /** When the researcher opened the cohort; its participants join from an hour later. */
  openedAt: Date;
  /** The link's life from `openedAt`. */
  expiresInDays: number;
  /** When the researcher closed it; null leaves it to expire. */
  closedAt: Date | null;
  openedById: number;
  pageTitles?: ReadonlyMap<string, string>;
};

/**
 * A remote cohort as its link would have made it: the cohort (full), and per participant of the
 * generator's webcam cohort the participant (`source: webcam`, `remote-<cohort>-<n>`, gaze and
 * mouse through the same recording as the lab's), its session with the webcam figures measured
 * as a session's end measures them, and its validations measured and judged by the server's own
 * rules. Consent (method online) is written with every demo consent (demo-consent.ts). Answers
 * the participants with their questionnaire answers.
 */
export async function seedDemoRemoteCohort(
  deps: Pick<JobDeps, 'db' | 'files'>,
  o: DemoRemoteCohortOptions,
): Promise<{ participantId: number; answers: QuestionnaireAnswers }[]> {
  const cohortId = await insertDemoCohort(deps.db, {
    companyId: o.companyId,
    testId: o.testId,
    tokenHash: newOpaqueToken().hash,
    cap: Math.ceil(o.count / 10) * 10,
    participantsCreated: o.count,
    expiresAt: new Date(o.openedAt.getTime() + o.expiresInDays * DAY_MS),
    createdById: o.openedById,
    createdAt: o.openedAt,
    revokedAt: o.closedAt,
  });
  const cohort = generateWebcamCohort({
    seed: deriveSeed(o.companyId, `webcam-${o.kind}`),
    count: o.count,
    kind: o.kind,
    ...(o.videoDurationMs !== undefined ? { videoDurationMs: o.videoDurationMs } : {}),
    startTime: o.openedAt.getTime() + HOUR_MS,
    spacingMs: REMOTE_SPACING_MS,
    realIdPrefix: `remote-${cohortId}-`,
  });
  const answered = [];
  for (const participant of cohort) {
    const { id } = await recordGeneratedWebcamParticipant(
      deps,
      o.testId,
      { ...participant, source: 'webcam' },
      { translationLanguage: DEMO_TRANSLATION_LANGUAGE.code, pageTitles: o.pageTitles ?? new Map() },
    );
    await insertSessionOf(deps.db, cohortId, id, participant);
    answered.push({ participantId: id, answers: participant.answers });
  }
  return answered;
}

/** The participant's session, ended with its figures, and every validation of its calibration. */
async function insertSessionOf(
  db: Executor,
  cohortId: number,
  participantId: number,
  participant: WebcamParticipant,
): Promise<void> {
  const joinedAt = participant.startedAt - CONSENT_BEFORE_MS;
  const pxPerDegree = pixelsPerDegree(webcamScreenGeometry(participant.webcam.screen));
  const validations = participant.webcam.validations.map((validation) => {
    const quality = validationQuality(validation.targets, pxPerDegree);
    return {
      attempt: validation.attempt,
      accuracyDeg: finiteOrNull(quality.accuracy_deg),
      precisionDeg: finiteOrNull(quality.precision_deg),
      accuracyPx: finiteOrNull(quality.accuracy_px),
      precisionPx: finiteOrNull(quality.precision_px),
      targetsUsed: quality.targets_used,
      pxPerDegree,
      verdict: calibrationVerdict({
        accuracy_deg: quality.accuracy_deg,
        attempt: validation.attempt,
        threshold_deg: DEFAULT_CALIBRATION_THRESHOLD_DEG,
        max_recalibrations: DEFAULT_MAX_RECALIBRATIONS,
        on_failure: 'continue_without_gaze',
      }),
    };
  });
  // The session keeps its best validation, as its end does (findBestValidationRow).
  const best = validations
    .filter((validation) => validation.accuracyDeg !== null)
    .reduce<(typeof validations)[number] | null>(
      (found, validation) =>
        found === null || (validation.accuracyDeg ?? 0) <= (found.accuracyDeg ?? 0) ? validation : found,
      null,
    );
  const sessionId = await insertDemoSession(db, {
    cohortId,
    participantId,
    tokenHash: newOpaqueToken().hash,
    expiresAt: new Date(joinedAt + SESSION_LIFETIME_MS),
    endedAt: new Date(participant.endedAt),
    validationAccuracyDeg: best?.accuracyDeg ?? null,
    validationPrecisionDeg: best?.precisionDeg ?? null,
    trackingRatio: finiteOrNull(gazeQuality(participant.eyes).trackingRatio),
    samplingRateHz: finiteOrNull(samplingRateHz(participant.eyes.timestamp)),
    createdAt: new Date(joinedAt),
  });
  const attempts = validations.length;
  await insertDemoValidations(
    db,
    validations.map((validation, index) => ({
      ...validation,
      sessionId,
      participantId,
      // The last attempt a minute before the stimulus, each earlier one a minute before that.
      createdAt: new Date(participant.startedAt - (attempts - index) * VALIDATION_BEFORE_MS),
    })),
  );
}

const finiteOrNull = (value: number) => (Number.isFinite(value) ? value : null);
