import {
  calibrationVerdict,
  gazeQuality,
  pixelsPerDegree,
  type StreamKind,
  samplingRateHz,
  validationQuality,
  webcamScreenGeometry,
} from '@limbus/analytics';
import {
  CONSENT_STREAMS,
  type ConsentGrant,
  type ConsentTerms,
  fillRedirect,
  type JoinRemoteStudyInput,
  type NewRemoteCohort,
  REMOTE_COHORT_DEFAULT_EXPIRY_DAYS,
  REMOTE_COHORT_MAX_DAYS,
  REMOTE_GAZE_DEFAULTS,
  REMOTE_MESSAGES,
  REMOTE_SESSION_HOURS,
  REMOTE_SITE_SECONDS,
  type RemoteAnswersInput,
  type RemoteCohort,
  type RemoteMaterial,
  type RemoteSessionProgress,
  type RemoteStimulus,
  type RemoteStudy,
  type RemoteValidation,
  type RemoteValidationInput,
  redirectNeedsExternalId,
  remoteStudyPath,
  type WebcamQuality,
} from '@limbus/contract';
import { hashOpaqueToken, newOpaqueToken } from '../../auth/opaque-tokens.js';
import type { Deps } from '../../deps.js';
import { AppError, forbidden, notFound, unauthenticated } from '../../http/app-error.js';
import type { RemoteLinkGrant, RemoteSessionGrant } from '../../http/authenticate.js';
import type { Actor } from '../../http/policy.js';
import { hasOwnAnswers, questionsOfTest, saveOwnAnswers } from '../answers/answers.service.js';
import { type AuditContext, recordAudit } from '../audit/audit.service.js';
import {
  consentedStreams,
  currentConsentTerms,
  giveConsent,
  isStreamConsented,
  termsForGrant,
} from '../consent/consent.service.js';
import { heatmapPagesOf } from '../heatmaps/heatmaps.service.js';
import {
  type FinishInput,
  finishParticipant,
  nextBatchSeqs,
  putBatch,
} from '../ingestion/ingestion.service.js';
import { loadStream } from '../participants/participant-streams.js';
import { testFor } from '../test-access/test-access.service.js';
import { testVideoPath } from '../user-tests/user-tests.service.js';
import { nextVoiceTake, storeVoiceChunk, type VoiceChunk } from '../voice/voice.service.js';
import { queueVoiceJoining } from '../voice/voice-joining.js';
import {
  cohortStateOf,
  finiteOrNull,
  fromGazeSettings,
  toGazeSettings,
  toPagesStimulus,
  toRemoteCohort,
  toRemoteQuestions,
  toWebcamQuality,
} from './remote-studies.mappers.js';
import {
  type CohortRow,
  endSessionRow,
  findBestValidationRow,
  findCohortRow,
  findCohortRowByTokenHash,
  findLatestValidationRow,
  findSessionRow,
  findSessionRowByTokenHash,
  findSessionRowOfParticipant,
  findStudyTestRow,
  hasPassedValidation,
  hasSessionWithExternalId,
  insertCohortRow,
  insertValidationRow,
  joinCohortRows,
  listCohortRows,
  listExpiredUnendedSessionRows,
  listValidationRowsOfParticipant,
  listWebcamFigureRows,
  revokeCohortRow,
  type SessionRow,
  type ValidationRow,
  type WebcamFigures,
} from './remote-studies.repository.js';

/**
 * Remote studies (issue 30; docs/remote-studies.md): a test's remote cohort and its participant
 * link, a credential that creates participants of its test (one a call, up to the cap, until the
 * expiry) and reads nothing but what the browser needs to run the study. Each participant gets a
 * session credential bound to it, which uploads its streams through the ingestion service and ends
 * the session with the panel's completion redirect.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const SESSION_MS = REMOTE_SESSION_HOURS * 60 * 60 * 1000;

// ── the research area's cohorts ──

async function loadCohort(deps: Pick<Deps, 'db'>, id: number): Promise<CohortRow> {
  const row = await findCohortRow(deps.db, id);
  if (!row) throw notFound('The remote cohort');
  return row;
}

/** The end of the link: days from now, or the end (UTC) of the day given; in the future, within a year. */
function expiryOf(input: NewRemoteCohort, now: Date): Date {
  if (input.expires_on === undefined)
    return new Date(now.getTime() + (input.expires_in_days ?? REMOTE_COHORT_DEFAULT_EXPIRY_DAYS) * DAY_MS);
  const [year, month, day] = input.expires_on.split('-').map(Number) as [number, number, number];
  const end = new Date(Date.UTC(year, month - 1, day + 1));
  if (end.getTime() <= now.getTime())
    throw AppError.fieldError('validation', 'expires_on', REMOTE_MESSAGES.expiryPast);
  if (end.getTime() > now.getTime() + REMOTE_COHORT_MAX_DAYS * DAY_MS)
    throw AppError.fieldError('validation', 'expires_on', REMOTE_MESSAGES.expiryTooFar);
  return end;
}

/** Opens a remote cohort on a test with consent terms; its link's token is answered this once. */
export async function openRemoteCohort(
  deps: Deps,
  actor: Actor,
  context: AuditContext,
  testId: number,
  input: NewRemoteCohort,
): Promise<{ data: RemoteCohort; token: string; path: string }> {
  const test = await testFor(deps, actor, testId, 'remote_cohort.manage');
  const now = deps.clock();
  const expiresAt = expiryOf(input, now);
  await termsOf(deps, testId);
  const { token, hash } = newOpaqueToken();
  const id = await insertCohortRow(deps.db, {
    companyId: test.companyId,
    testId,
    tokenHash: hash,
    cap: input.cap,
    expiresAt,
    redirectUrl: input.redirect_url ?? null,
    createdById: actor.id,
    createdAt: now,
    ...fromGazeSettings(input.gaze ?? REMOTE_GAZE_DEFAULTS),
  });
  await recordAudit(deps, context, {
    action: 'remote_cohort_opened',
    companyId: test.companyId,
    testId,
    detail: {
      cohort_id: id,
      cap: input.cap,
      expires_at: Math.floor(expiresAt.getTime() / 1000),
      redirect: input.redirect_url !== undefined,
    },
  });
  return { data: toRemoteCohort(await loadCohort(deps, id), now), token, path: remoteStudyPath(token) };
}

export async function listRemoteCohorts(deps: Deps, actor: Actor, testId: number): Promise<RemoteCohort[]> {
  await testFor(deps, actor, testId, 'remote_cohort.manage');
  const now = deps.clock();
  return (await listCohortRows(deps.db, testId)).map((row) => toRemoteCohort(row, now));
}

/** Closes the cohort at once: its link creates no participant, its sessions upload nothing more. */
export async function revokeRemoteCohort(
  deps: Deps,
  actor: Actor,
  context: AuditContext,
  id: number,
): Promise<void> {
  const row = await loadCohort(deps, id);
  await testFor(deps, actor, row.testId, 'remote_cohort.manage');
  await revokeCohortRow(deps.db, id, deps.clock());
  await recordAudit(deps, context, {
    action: 'remote_cohort_revoked',
    companyId: row.companyId,
    testId: row.testId,
    detail: { cohort_id: id, participants: row.participantsCreated },
  });
}

// ── the participant link ──

/** The cohort of a link's token, open or not (authenticate.ts); null for an unknown token. */
export async function findRemoteLink(deps: Pick<Deps, 'db'>, token: string): Promise<RemoteLinkGrant | null> {
  const row = await findCohortRowByTokenHash(deps.db, hashOpaqueToken(token));
  return row ? { cohortId: row.id, companyId: row.companyId, testId: row.testId } : null;
}

const CLOSED_MESSAGES = {
  full: REMOTE_MESSAGES.full,
  expired: REMOTE_MESSAGES.expired,
  revoked: REMOTE_MESSAGES.revoked,
} as const;

/** The cohort while it takes participants; a full, expired or closed one is refused (403) saying which. */
async function openCohort(deps: Pick<Deps, 'db' | 'clock'>, grant: RemoteLinkGrant): Promise<CohortRow> {
  const row = await loadCohort(deps, grant.cohortId);
  const state = cohortStateOf(row, deps.clock());
  if (state !== 'open') throw forbidden(CLOSED_MESSAGES[state]);
  return row;
}

/** The test's consent terms in force; a cohort is opened only on a test that has them. */
async function termsOf(deps: Pick<Deps, 'db'>, testId: number): Promise<ConsentTerms> {
  const terms = await currentConsentTerms(deps, testId);
  if (!terms) throw new AppError('conflict', REMOTE_MESSAGES.noTerms);
  return terms;
}

/** What the participant's browser needs to run the study: the test's name, kind, language and consent terms. */
export async function getRemoteStudy(deps: Deps, grant: RemoteLinkGrant): Promise<RemoteStudy> {
  const cohort = await openCohort(deps, grant);
  const test = await findStudyTestRow(deps.db, grant.testId);
  if (!test) throw notFound('The study');
  const terms = await termsOf(deps, grant.testId);
  return {
    test: { name: test.name, kind: test.platform, language: test.translation },
    consent_terms: {
      version: terms.version,
      text: terms.text,
      streams: terms.streams,
      purposes: terms.purposes,
    },
    expires_at: Math.floor(cohort.expiresAt.getTime() / 1000),
    gaze: toGazeSettings(cohort),
  };
}

/** The consent asked for, checked: under the terms in force (which the page showed), covered by them. */
async function assertConsentFits(deps: Deps, testId: number, consent: ConsentGrant): Promise<void> {
  const terms = await termsOf(deps, testId);
  if (consent.version !== terms.version)
    throw AppError.fieldError('conflict', 'version', REMOTE_MESSAGES.termsChanged(terms.version));
  await termsForGrant(deps, testId, consent);
}

/**
 * Creates one participant of the cohort's test (source webcam) with its consent, and its session
 * credential, answered this once. Everything is checked before the place is taken.
 */
export async function joinRemoteStudy(
  deps: Deps,
  grant: RemoteLinkGrant,
  address: string | null,
  input: JoinRemoteStudyInput,
): Promise<{ participant_id: number; session_token: string; session_expires_at: number }> {
  const cohort = await openCohort(deps, grant);
  const now = deps.clock();
  const consent = { ...input.consent, given_at: Math.floor(now.getTime() / 1000) };
  await assertConsentFits(deps, grant.testId, consent);
  const externalId = input.external_id ?? null;
  if (externalId === null && redirectNeedsExternalId(cohort.redirectUrl))
    throw AppError.fieldError('validation', 'external_id', REMOTE_MESSAGES.externalIdNeeded);
  if (externalId !== null && (await hasSessionWithExternalId(deps.db, cohort.id, externalId)))
    throw AppError.fieldError('conflict', 'external_id', REMOTE_MESSAGES.externalIdTaken);
  const session = newOpaqueToken();
  const sessionExpiresAt = new Date(now.getTime() + SESSION_MS);
  const outcome = await joinCohortRows(deps.db, {
    cohortId: cohort.id,
    externalId,
    now,
    sessionTokenHash: session.hash,
    sessionExpiresAt,
  });
  if ('refused' in outcome) {
    if (outcome.refused === 'external_id_taken')
      throw AppError.fieldError('conflict', 'external_id', REMOTE_MESSAGES.externalIdTaken);
    await openCohort(deps, grant); // taken meanwhile: say why it closed
    throw forbidden(REMOTE_MESSAGES.full);
  }
  const participant = outcome.joined;
  const context: AuditContext = { actor: { id: null, label: `Remote cohort ${cohort.id}` }, address };
  await giveConsent(deps, context, participant, consent, 'online');
  await recordAudit(deps, context, {
    action: 'remote_participant_joined',
    companyId: grant.companyId,
    testId: grant.testId,
    subject: participant.auditSubject,
    detail: { cohort_id: cohort.id, panel_id: externalId !== null },
  });
  return {
    participant_id: participant.id,
    session_token: session.token,
    session_expires_at: Math.floor(sessionExpiresAt.getTime() / 1000),
  };
}

// ── the participant's session ──

/** What a remote participant's session holds about them (the access export, docs/data-rights.md). */
export type RemoteSessionRecord = Pick<
  SessionRow,
  'cohortId' | 'externalId' | 'createdAt' | 'endedAt' | 'incomplete'
> &
  WebcamFigures & { validations: ValidationRow[] };

/** The remote session of a participant with its validations, or null for a lab participant. */
export async function remoteSessionRecordOf(
  deps: Pick<Deps, 'db'>,
  participantId: number,
): Promise<RemoteSessionRecord | null> {
  const session = await findSessionRowOfParticipant(deps.db, participantId);
  if (!session) return null;
  return { ...session, validations: await listValidationRowsOfParticipant(deps.db, participantId) };
}

/** The webcam figures of those of the participants that took part remotely, by participant id. */
export async function webcamQualityOf(
  deps: Pick<Deps, 'db'>,
  participantIds: readonly number[],
): Promise<Map<number, WebcamQuality>> {
  if (participantIds.length === 0) return new Map();
  const rows = await listWebcamFigureRows(deps.db, participantIds);
  return new Map(rows.map((row) => [row.participantId, toWebcamQuality(row)]));
}

/** The participant of a session's token until the session expires (authenticate.ts); else null. */
export async function findRemoteSession(
  deps: Pick<Deps, 'db' | 'clock'>,
  token: string,
): Promise<RemoteSessionGrant | null> {
  const row = await findSessionRowByTokenHash(deps.db, hashOpaqueToken(token));
  if (!row || row.expiresAt.getTime() <= deps.clock().getTime()) return null;
  return {
    sessionId: row.id,
    cohortId: row.cohortId,
    companyId: row.companyId,
    testId: row.testId,
    participantId: row.participantId,
    expiresAt: row.expiresAt,
  };
}

/** The session while its cohort is not closed: closing a cohort stops its sessions too. */
async function liveSession(deps: Pick<Deps, 'db'>, grant: RemoteSessionGrant): Promise<SessionRow> {
  const row = await findSessionRow(deps.db, grant.sessionId);
  if (!row) throw unauthenticated(REMOTE_MESSAGES.sessionEnded);
  if (row.cohortRevokedAt) throw forbidden(REMOTE_MESSAGES.revoked);
  return row;
}

/**
 * Measures a validation of the session's calibration from the points and estimates the browser
 * sent (its own figures are not taken), in degrees of the participant's screen (96 CSS px per inch
 * and 600 mm where it did not say), keeps it, and answers what follows under the cohort's settings.
 */
export async function validateRemoteCalibration(
  deps: Deps,
  grant: RemoteSessionGrant,
  input: RemoteValidationInput,
): Promise<RemoteValidation> {
  const session = await liveSession(deps, grant);
  if (session.endedAt) throw new AppError('conflict', REMOTE_MESSAGES.sessionOver);
  const pxPerDegree = pixelsPerDegree(
    webcamScreenGeometry({
      widthPx: input.geometry.width_px,
      heightPx: input.geometry.height_px,
      widthMm: input.geometry.width_mm,
      distanceMm: input.geometry.distance_mm,
    }),
  );
  const quality = validationQuality(input.targets, pxPerDegree);
  const verdict = calibrationVerdict({
    accuracy_deg: quality.accuracy_deg,
    attempt: input.attempt,
    threshold_deg: session.gazeThresholdDeg,
    max_recalibrations: session.gazeMaxRecalibrations,
    on_failure: session.gazeOnFailure,
  });
  const measured = {
    attempt: input.attempt,
    accuracy_deg: finiteOrNull(quality.accuracy_deg),
    precision_deg: finiteOrNull(quality.precision_deg),
    accuracy_px: finiteOrNull(quality.accuracy_px),
    precision_px: finiteOrNull(quality.precision_px),
    targets_used: quality.targets_used,
    verdict,
  };
  await insertValidationRow(deps.db, {
    sessionId: session.id,
    participantId: session.participantId,
    attempt: measured.attempt,
    accuracyDeg: measured.accuracy_deg,
    precisionDeg: measured.precision_deg,
    accuracyPx: measured.accuracy_px,
    precisionPx: measured.precision_px,
    targetsUsed: measured.targets_used,
    pxPerDegree,
    verdict,
    createdAt: deps.clock(),
  });
  return measured;
}

/**
 * One numbered batch of the session's participant, stored as the ingestion API stores a
 * recorder's. Gaze only after a passed validation, unless the cohort takes it without one.
 */
export async function putRemoteBatch(
  deps: Deps,
  grant: RemoteSessionGrant,
  kind: Extract<StreamKind, 'eyes' | 'mice' | 'expressions'>,
  seq: number,
  body: unknown,
): Promise<{ kind: StreamKind; seq: number; sample_count: number }> {
  const session = await liveSession(deps, grant);
  if (kind === 'eyes' && !session.gazeWithoutValidation && !(await hasPassedValidation(deps.db, session.id)))
    throw new AppError('conflict', REMOTE_MESSAGES.gazeNeedsCalibration);
  return putBatch(deps, grant.participantId, kind, seq, body);
}

/** Stores a chunk of the session's participant's spoken audio, until the session's end. */
export async function putRemoteVoiceChunk(deps: Deps, grant: RemoteSessionGrant, chunk: VoiceChunk) {
  const session = await liveSession(deps, grant);
  if (session.endedAt) throw new AppError('conflict', REMOTE_MESSAGES.sessionOver);
  const participant = { id: session.participantId, testId: session.testId, realId: session.realId };
  return storeVoiceChunk(deps, participant, chunk);
}

/**
 * A website the product shows on its own origin, so that a participant browses it live in a frame
 * of the study's page (the bundled demo shop): where it starts here, its own address, and the
 * width it is laid out at for the test's platform. Null for any other site, which would need a
 * browser extension to be tracked: its test shows its pages' screenshots instead.
 */
export type LiveSiteLookup = (
  testUrl: string,
  platform: 'desktop' | 'mobile',
) => { start_url: string; origin: string; width: number } | null;

/**
 * What the session's participant is shown and asked: a video test's video (signed as for
 * researchers), a website test's pages with a screenshot, or nothing; and the test's questions.
 * Nothing else of the test: no results, no other participant, no answers.
 */
export async function getRemoteMaterial(
  deps: Deps & { liveSite: LiveSiteLookup },
  grant: RemoteSessionGrant,
): Promise<RemoteMaterial> {
  await liveSession(deps, grant);
  const test = await findStudyTestRow(deps.db, grant.testId);
  if (!test) throw notFound('The study');
  const site = test.platform === 'video' ? null : deps.liveSite(test.url, test.platform);
  const [stimulus, questions] = await Promise.all([
    test.platform === 'video'
      ? videoStimulus(deps, grant.testId, test.video)
      : site
        ? { kind: 'site' as const, ...site, seconds: REMOTE_SITE_SECONDS, task: test.scenario.trim() || null }
        : pagesStimulus(deps, grant.testId),
    questionsOfTest(deps, grant.testId),
  ]);
  return { stimulus, questions: toRemoteQuestions(questions) };
}

/**
 * Where the session stands, for its browser after a reload: what the flow needs to go on and the
 * session's own progress (latest verdict, answers saved, next batch numbers, ended), read only.
 * No figure of the gaze, no answer, no result.
 */
export async function getRemoteSessionProgress(
  deps: Deps,
  grant: RemoteSessionGrant,
): Promise<RemoteSessionProgress> {
  const session = await liveSession(deps, grant);
  const test = await findStudyTestRow(deps.db, grant.testId);
  if (!test) throw notFound('The study');
  const participant = { id: session.participantId, testId: session.testId };
  const [consented, validation, answered, seqs, voiceTake] = await Promise.all([
    consentedStreams(deps, participant),
    findLatestValidationRow(deps.db, session.id),
    hasOwnAnswers(deps, session.participantId),
    nextBatchSeqs(deps, session.participantId),
    nextVoiceTake(deps, session.participantId),
  ]);
  return {
    test: { name: test.name, kind: test.platform, language: test.translation },
    gaze: toGazeSettings(session),
    streams: CONSENT_STREAMS.filter((stream) => consented.includes(stream)),
    validation,
    answered,
    next_seq: { eyes: seqs.eyes ?? 0, mice: seqs.mice ?? 0, expressions: seqs.expressions ?? 0 },
    next_voice_take: voiceTake,
    ended: session.endedAt !== null,
    expires_at: Math.floor(session.expiresAt.getTime() / 1000),
  };
}

/** The test stores no length of its video: the browser reads it from the file. */
const videoStimulus = (deps: Deps, testId: number, video: string | null): RemoteStimulus =>
  video === null
    ? { kind: 'none' }
    : {
        kind: 'video',
        video_url: deps.signedUrls.sign(testVideoPath(testId), deps.clock()),
        duration_s: null,
      };

const pagesStimulus = async (deps: Deps, testId: number) =>
  toPagesStimulus(await heatmapPagesOf(deps, testId));

/**
 * Stores the session's participant's answers through the answers module, as the research area's
 * are stored: each created or replaced, all or none. Refused once the session ended (409) and
 * without the participant's consent to its answers (403).
 */
export async function saveRemoteAnswers(
  deps: Deps,
  grant: RemoteSessionGrant,
  input: RemoteAnswersInput,
): Promise<{ saved: number }> {
  const session = await liveSession(deps, grant);
  if (session.endedAt) throw new AppError('conflict', REMOTE_MESSAGES.sessionOver);
  const participant = { id: session.participantId, testId: session.testId, realId: session.realId };
  if (!(await isStreamConsented(deps, participant, 'answers')))
    throw forbidden(REMOTE_MESSAGES.answersNotConsented);
  return { saved: await saveOwnAnswers(deps, participant, input.answers, REMOTE_MESSAGES.unknownQuestion) };
}

/** The figures of a session's webcam gaze: its best validation, and its merged eye stream's tracking ratio and rate. */
async function webcamFiguresOf(
  deps: Pick<Deps, 'db' | 'files'>,
  session: SessionRow,
): Promise<WebcamFigures> {
  const best = await findBestValidationRow(deps.db, session.id);
  const eyes = await loadStream(deps, session.participantId, 'eyes');
  const samples = eyes?.kind === 'eyes' && eyes.samples.timestamp.length > 0 ? eyes.samples : null;
  return {
    validationAccuracyDeg: best?.accuracyDeg ?? null,
    validationPrecisionDeg: best?.precisionDeg ?? null,
    trackingRatio: samples ? finiteOrNull(gazeQuality(samples).trackingRatio) : null,
    samplingRateHz: samples ? finiteOrNull(samplingRateHz(samples.timestamp)) : null,
  };
}

/**
 * Ends the session: the participant is finished as a recorder finishes one (batches merged,
 * analysis queued), the session keeps its webcam figures, and the completion redirect is answered
 * with its placeholders filled. Ending again answers the same.
 */
export async function endRemoteSession(
  deps: Deps,
  grant: RemoteSessionGrant,
  input: Omit<FinishInput, 'eeg_quality'>,
) {
  const session = await liveSession(deps, grant);
  const participant = await finishParticipant(deps, grant.participantId, input);
  await queueVoiceJoining(deps, grant.participantId);
  if (!session.endedAt)
    await endSessionRow(deps.db, session.id, deps.clock(), await webcamFiguresOf(deps, session));
  const redirect =
    session.redirectUrl === null
      ? null
      : fillRedirect(session.redirectUrl, {
          participant_id: session.externalId ?? '',
          limbus_participant_id: session.realId,
        });
  return { participant, redirect_url: redirect };
}

/** Sessions read at a time by the incomplete-session job. */
const INCOMPLETE_PAGE = 100;

/**
 * Closes the sessions that expired without their end (the participant closed the tab mid-way):
 * each participant is finished with what was uploaded, as the end does (batches merged, analysis
 * queued), and the session is kept as incomplete with its webcam figures. A session that fails is
 * logged and left for the next run, so that it holds back no other. Answers how many it closed.
 */
export async function closeIncompleteSessions(
  deps: Pick<Deps, 'db' | 'files' | 'clock' | 'log'>,
): Promise<number> {
  let closed = 0;
  let afterId = 0;
  for (;;) {
    const page = await listExpiredUnendedSessionRows(deps.db, deps.clock(), afterId, INCOMPLETE_PAGE);
    if (page.length === 0) return closed;
    for (const session of page) {
      afterId = session.id;
      try {
        await finishParticipant(deps, session.participantId, {});
        await queueVoiceJoining(deps, session.participantId);
        await endSessionRow(deps.db, session.id, deps.clock(), await webcamFiguresOf(deps, session), true);
        closed += 1;
      } catch (error) {
        deps.log.warn(
          { err: error, sessionId: session.id },
          'an incomplete remote session could not be closed',
        );
      }
    }
  }
}
