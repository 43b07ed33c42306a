import type { StreamKind } from '@limbus/analytics';
import {
  type Cohort,
  GENERATED_VIEWER_PREFIX,
  isAnnotatedPoint,
  type ParticipantAssociation,
  type ParticipantDetail,
  type ParticipantSummary,
  type ProfessionalData,
  type RecordingProgress,
  type RemovedData,
  type SignificantPoint,
  STREAM_KINDS,
  type StreamKindName,
} from '@limbus/contract';
import type { Deps } from '../../deps.js';
import { notFound } from '../../http/app-error.js';
import { type Actor, authorize, seesEveryTest } from '../../http/policy.js';
import { participantQuestionnaire } from '../answers/questionnaire.js';
import { type AuditContext, recordAudit } from '../audit/audit.service.js';
import { assertIndividualParticipants, resultsTestFor, testFor } from '../test-access/test-access.service.js';
import {
  loadStreamBytes,
  readStream,
  removeParticipantFiles,
  type StoredStreamBytes,
} from './participant-streams.js';
import {
  participantVideoPath,
  toEmotionObjects,
  toEyeObjects,
  toMouseObjects,
  toParticipantHead,
  toParticipantSummary,
  toRemovedData,
  toSection,
  toSignificantPoint,
  type VideoUrlOf,
} from './participants.mappers.js';
import {
  deleteParticipantRow,
  findParticipantRow,
  findStreamRows,
  listParticipantRows,
  listSectionRows,
  listSignificantPointRows,
  type ParticipantRow,
  toggleFavouriteRow,
} from './participants.repository.js';
import { wakeScreenRecording } from './screen-recording-jobs.js';

/** Signs the URL of a participant's recording for the reader the caller has just checked; `v` changes with the participant. */
const signedVideoUrl =
  (deps: Deps): VideoUrlOf =>
  (row) =>
    row.video
      ? `${deps.signedUrls.sign(participantVideoPath(row.testId, row.id), deps.clock())}&v=${row.updatedAt.getTime()}`
      : null;

/**
 * A generated viewer (the spec's fake participant) stays off clients' screens until a researcher
 * counts it in the metrics; the research area always sees it, to choose.
 */
const hiddenFrom = (actor: Actor, row: Pick<ParticipantRow, 'realId' | 'excludedFromMetrics'>) =>
  !seesEveryTest(actor) && row.excludedFromMetrics && row.realId.startsWith(GENERATED_VIEWER_PREFIX);

/** The significant points the actor reads: the research area every one, clients the annotated ones. */
export const pointsShownTo = (actor: Actor, points: SignificantPoint[]) =>
  seesEveryTest(actor) ? points : points.filter(isAnnotatedPoint);

/**
 * The participant of a test whose results the actor reads (client users: done tests only); 404
 * when it is not a participant of that test.
 */
export async function readableParticipant(deps: Deps, actor: Actor, testId: number, participantId: number) {
  const test = await resultsTestFor(deps, actor, testId);
  const participant = await findParticipantRow(deps.db, testId, participantId);
  if (!participant || hiddenFrom(actor, participant)) throw notFound('The participant');
  if (participant.type === 'default') assertIndividualParticipants(actor, test);
  return { test, participant };
}

/** The list row of one participant, its video URL signed (for a caller already checked). */
export async function participantSummaryOf(
  deps: Deps,
  testId: number,
  participantId: number,
): Promise<ParticipantSummary> {
  const row = await findParticipantRow(deps.db, testId, participantId);
  if (!row) throw notFound('The participant');
  return toParticipantSummary(row, signedVideoUrl(deps));
}

/**
 * The participants of type default of a test whose results the actor reads, as the participants
 * list shows them (uncounted generated ones for the research area only); `data` names the
 * Professional data asked for, refused to clients of an Essential test.
 */
export async function readableParticipantRows(
  deps: Deps,
  actor: Actor,
  testId: number,
  data?: ProfessionalData,
  cohort: Cohort = 'all',
): Promise<ParticipantRow[]> {
  assertIndividualParticipants(actor, await resultsTestFor(deps, actor, testId, data));
  const rows = await listParticipantRows(deps.db, testId, 'default', cohort);
  return rows.filter((row) => !hiddenFrom(actor, row));
}

/**
 * The ids of a test's participants (type default) of a cohort, null for `all` (nobody is left out
 * by it): for a caller that has checked the reader's access and keeps its own other rules.
 */
export async function cohortParticipantIds(
  deps: Deps,
  testId: number,
  cohort: Cohort,
): Promise<ReadonlySet<number> | null> {
  if (cohort === 'all') return null;
  const rows = await listParticipantRows(deps.db, testId, 'default', cohort);
  return new Set(rows.map((row) => row.id));
}

/** The participants list of spec 2 §2: participants of type default only (uncounted generated ones for the research area only). */
export async function listParticipants(
  deps: Deps,
  actor: Actor,
  testId: number,
  cohort: Cohort = 'all',
): Promise<ParticipantSummary[]> {
  const rows = await readableParticipantRows(deps, actor, testId, undefined, cohort);
  return rows.map((row) => toParticipantSummary(row, signedVideoUrl(deps)));
}

export type DetailOptions = { associations: readonly ParticipantAssociation[]; withVideo: boolean };

export async function getParticipant(
  deps: Deps,
  actor: Actor,
  context: AuditContext,
  testId: number,
  participantId: number,
  options: DetailOptions,
): Promise<ParticipantDetail> {
  const { test, participant } = await readableParticipant(deps, actor, testId, participantId);
  const detail = await participantDetail(deps, participant, options);
  if (detail.significant_points) detail.significant_points = pointsShownTo(actor, detail.significant_points);
  if (options.withVideo) {
    const { video_pending, video_progress } = await participantVideo(deps, participant);
    if (video_pending !== undefined) detail.video_pending = video_pending;
    if (video_progress) detail.video_progress = video_progress;
    // Asking for the recording's video is opening the recording: the audit trail's 'viewed'.
    await recordAudit(deps, context, {
      action: 'recording_viewed',
      companyId: test.companyId,
      testId,
      subject: participant.auditSubject,
    });
  }
  return detail;
}

/**
 * The signed URL of a participant's screen recording (for a reader the caller has checked) and,
 * when it has none yet, whether one is being made: asking wakes the demo's dormant recording job
 * (a participant of type default only), so the screens say so and ask again.
 */
export async function participantVideo(
  deps: Deps,
  participant: ParticipantRow,
): Promise<{ video: string | null; video_pending?: boolean; video_progress?: RecordingProgress }> {
  const video = signedVideoUrl(deps)(participant);
  // A recording removed by retention or a withdrawal is not made again (the answer's `removed` says so).
  if (video || participant.type !== 'default' || participant.removedData.screen) return { video };
  const progress = await wakeScreenRecording(deps.db, participant.id, deps.clock());
  return progress
    ? { video, video_pending: true, video_progress: progress }
    : { video, video_pending: false };
}

/** When and why a participant's recording was removed (retention, a withdrawal); null while it is kept. */
export function removedRecordingOf(participant: Pick<ParticipantRow, 'removedData'>): RemovedData | null {
  return toRemovedData(participant.removedData).find((entry) => entry.kind === 'screen') ?? null;
}

const QUESTIONNAIRE_LISTS = ['open_questions', 'evaluations', 'associations'] as const;

/**
 * The detail of a participant the caller has checked, with only the associations asked for; a
 * stream the participant lacks is an empty list.
 */
export async function participantDetail(
  deps: Deps,
  participant: ParticipantRow,
  options: DetailOptions,
): Promise<ParticipantDetail> {
  const detail = toParticipantHead(participant, options.withVideo ? signedVideoUrl(deps) : null);
  const wants = new Set(options.associations);
  // One read of the stored streams names them all (`streams`) and finds the ones asked for.
  const storedRows = findStreamRows(deps.db, [participant.id], STREAM_KINDS);
  const stream = async (kind: StreamKind) => {
    const row = (await storedRows).find((candidate) => candidate.kind === kind);
    return row ? readStream(deps, row) : null;
  };
  // Streams decompress on the libuv pool while the database answers the small lists.
  const [emotions, eyes, mice, sections, points, stored] = await Promise.all([
    wants.has('emotions') ? stream('emotions') : null,
    wants.has('eyes') ? stream('eyes') : null,
    wants.has('mice') ? stream('mice') : null,
    wants.has('sections') ? listSectionRows(deps.db, participant.id) : null,
    wants.has('significant_points') ? listSignificantPointRows(deps.db, participant.id) : null,
    storedRows,
  ]);
  detail.streams = STREAM_KINDS.filter((kind) => stored.some((row) => row.kind === kind));
  if (wants.has('emotions'))
    detail.emotions = emotions?.kind === 'emotions' ? toEmotionObjects(emotions.samples) : [];
  if (wants.has('eyes')) detail.eyes = eyes?.kind === 'eyes' ? toEyeObjects(eyes.samples) : [];
  if (wants.has('mice')) detail.mice = mice?.kind === 'mice' ? toMouseObjects(mice.samples) : [];
  if (sections) detail.sections = sections.map(toSection);
  if (points) detail.significant_points = points.map(toSignificantPoint);
  if (QUESTIONNAIRE_LISTS.some((list) => wants.has(list))) {
    const questionnaire = await participantQuestionnaire(deps.db, participant.testId, participant.id);
    for (const list of QUESTIONNAIRE_LISTS) if (wants.has(list)) detail[list] = questionnaire[list];
  }
  return detail;
}

/** The stored compressed bytes of one stream (the compact form); 404 when the participant has none. */
export async function getStreamBytes(
  deps: Deps,
  actor: Actor,
  testId: number,
  participantId: number,
  kind: StreamKindName,
): Promise<StoredStreamBytes> {
  await readableParticipant(deps, actor, testId, participantId);
  const stored = await loadStreamBytes(deps, participantId, kind);
  if (!stored) throw notFound(`The ${kind} stream of this participant`);
  return stored;
}

export async function toggleFavourite(
  deps: Deps,
  actor: Actor,
  testId: number,
  participantId: number,
): Promise<ParticipantSummary> {
  const test = await testFor(deps, actor, testId);
  authorize(actor, 'participant.favourite', test);
  assertIndividualParticipants(actor, test);
  const row = await toggleFavouriteRow(deps.db, testId, participantId);
  if (!row) throw notFound('The participant');
  return toParticipantSummary(row, signedVideoUrl(deps));
}

/** Removes the participant with its rows, then (after the commit) its files. */
export async function deleteParticipant(
  deps: Deps,
  actor: Actor,
  testId: number,
  participantId: number,
): Promise<void> {
  authorize(actor, 'participant.manage', undefined);
  await testFor(deps, actor, testId);
  const removed = await deleteParticipantRow(deps.db, testId, participantId);
  if (!removed) throw notFound('The participant');
  await removeParticipantFiles(deps, [{ id: participantId, video: removed.video }]);
}

/** The key of a participant's stored recording; 404 when it has none (the URL was signed earlier). */
export async function participantVideoKey(
  deps: Deps,
  testId: number,
  participantId: number,
): Promise<string> {
  const participant = await findParticipantRow(deps.db, testId, participantId);
  if (!participant?.video) throw notFound('The recording of this participant');
  return participant.video;
}

// For the modules that analyse, export and annotate recorded participants (heatmaps, quality,
// exports, annotations, insights, ingestion, journey, video tests, companies) and for the demo
// seed (src/demo): the participants' records as stored, read and written without an actor's
// access, which the callers check.
export {
  ensureLabel,
  findParticipantRow,
  findSectionRow,
  findStreamRows,
  findVideoParticipantRow,
  listFinishedParticipantRows,
  listMetricsParticipantRows,
  listMomentRows,
  listParticipantFilesOfCompany,
  listParticipantRows,
  listSectionRows,
  listSignificantPointRows,
  listTestPointRows,
  type ParticipantRow,
  replaceSectionRows,
  type SectionRow,
  type SignificantPointRow,
  type StreamRow,
  setExcludedFromMetrics,
  setParticipantVideo,
  tagsOfPoints,
} from './participants.repository.js';
