import {
  type Cohort,
  type ConsultancyNote,
  GENERATED_VIEWER_PREFIX,
  NORM_MINIMUM_TESTS,
  type NoteType,
  type ParticipantSummary,
  type QualitativeFeedback,
  type ScoreMeans,
  VIDEO_RESULT_MESSAGES,
  type VideoNorms,
  type VideoResults,
  type VideoScore,
} from '@limbus/contract';
import type { Deps } from '../../deps.js';
import { AppError, notFound } from '../../http/app-error.js';
import type { Actor } from '../../http/policy.js';
import { testsWithoutPurpose } from '../consent/consent.service.js';
import { loadStream } from '../participants/participant-streams.js';
import { participantVideoPath } from '../participants/participants.mappers.js';
import {
  findVideoParticipantRow,
  listMomentRows,
  listSectionRows,
  listSignificantPointRows,
  participantSummaryOf,
  setExcludedFromMetrics,
} from '../participants/participants.service.js';
import {
  type GeneratedParticipant,
  recordGeneratedParticipant,
} from '../participants/record-generated-participant.js';
import {
  ofTestFor,
  resultsTestFor,
  type TestAccessRow,
  testFor,
} from '../test-access/test-access.service.js';
import { testVideoPath } from '../user-tests/user-tests.service.js';
import { withTestVideo } from './heatmap-video-file.js';
import { loadViewerEmotions } from './video-aggregate.js';
import { meanScores, normGroup } from './video-norms.js';
import {
  findExistingNotes,
  findLabelTests,
  findNormGroupsOf,
  findNoteOwner,
  findVideoTestRow,
  insertNoteRows,
  listNoteRows,
  listPeerResults,
  listQuestionRows,
  listViewerAnswers,
  listViewerDemographics,
  type NoteRow,
  type PeerResultRow,
  setShownAssociations,
  updateNoteRow,
  upsertScoreMeans,
} from './video-results.repository.js';
import { scoresOf } from './video-scores.js';
import { listCohortHeatmapRows } from './video-tests.repository.js';

/** The shortest video a generated viewer can watch (the generator's minimum). */
const MIN_VIEWING_MS = 5000;

const toNote = (row: NoteRow): ConsultancyNote => ({
  id: row.id,
  note_type: row.noteType as NoteType,
  note: row.note,
  label_id: row.labelId,
});

/** A video test whose results the actor reads (404, 403; 409 for a web test). */
async function videoTestFor(deps: Deps, actor: Actor, testId: number): Promise<TestAccessRow> {
  const test = await resultsTestFor(deps, actor, testId);
  if (test.platform !== 'video') throw new AppError('conflict', VIDEO_RESULT_MESSAGES.onlyVideoTests);
  return test;
}

export async function listNotes(deps: Deps, actor: Actor, testId: number) {
  await videoTestFor(deps, actor, testId);
  return { consultancy_notes: (await listNoteRows(deps.db, testId)).map(toNote) };
}

type NoteInput = { note_type: NoteType; note: string; label_id: number };

/**
 * Adds notes to scenes (labels) of one test: every label must exist (404) and belong to the same
 * test, which the actor annotates; a scene has one note per type (409 for a second one).
 */
export async function batchCreateNotes(deps: Deps, actor: Actor, notes: NoteInput[]) {
  const labelIds = [...new Set(notes.map((note) => note.label_id))];
  const labels = await findLabelTests(deps.db, labelIds);
  if (labels.length !== labelIds.length) throw notFound('The scene');
  const testIds = new Set(labels.map((label) => label.testId));
  if (testIds.size > 1)
    throw AppError.fieldError('validation', 'consultancy_notes', VIDEO_RESULT_MESSAGES.labelsOfOneTest);
  await testFor(deps, actor, [...testIds][0] as number, 'test.annotate');
  const keys = notes.map((note) => `${note.label_id}:${note.note_type}`);
  if (new Set(keys).size !== keys.length)
    throw AppError.fieldError('validation', 'consultancy_notes', VIDEO_RESULT_MESSAGES.duplicateNote);
  const rows = notes.map((note) => ({ labelId: note.label_id, noteType: note.note_type, note: note.note }));
  const created = await deps.db.transaction(async (tx) => {
    const existing = await findExistingNotes(tx, labelIds);
    const taken = new Set(existing.map((row) => `${row.labelId}:${row.noteType}`));
    if (keys.some((key) => taken.has(key))) throw new AppError('conflict', VIDEO_RESULT_MESSAGES.noteExists);
    return insertNoteRows(tx, rows);
  });
  return { consultancy_notes: created.map(toNote) };
}

export async function updateNote(deps: Deps, actor: Actor, id: number, note: string) {
  await ofTestFor(deps, actor, 'The note', findNoteOwner(deps.db, id), 'test.annotate');
  const row = await updateNoteRow(deps.db, id, note);
  if (!row) throw notFound('The note');
  return toNote(row);
}

function statsOf(
  demographics: { demographic: { age: number | null; gender: string | null } }[],
  test: { targetGroup: 'default' | 'custom'; customTarget: string },
): VideoResults['stats'] {
  const ages = demographics.flatMap(({ demographic }) => (demographic.age === null ? [] : [demographic.age]));
  const gender = (name: string) =>
    demographics.filter(({ demographic }) => demographic.gender?.toLowerCase() === name).length;
  return {
    participants: demographics.length,
    male: gender('male'),
    female: gender('female'),
    average_age: ages.length === 0 ? null : Math.round(ages.reduce((a, b) => a + b, 0) / ages.length),
    target_group: test.targetGroup,
    custom_target: test.customTarget,
  };
}

/** The summary data of a video test (the summary, scenes, dynamic analysis and moments screens). */
export async function getVideoResults(
  deps: Deps,
  actor: Actor,
  testId: number,
  cohort: Cohort = 'all',
): Promise<VideoResults> {
  await videoTestFor(deps, actor, testId);
  const [test, demographics, participant] = await Promise.all([
    findVideoTestRow(deps.db, testId),
    listViewerDemographics(deps.db, testId, GENERATED_VIEWER_PREFIX, cohort),
    findVideoParticipantRow(deps.db, testId),
  ]);
  if (!test) throw notFound('The test');
  const processing = test.internalState === 'video_processing';
  const answer: VideoResults = {
    stats: statsOf(demographics, test),
    processing,
    has_results: false,
    video_participant_id: null,
    video: test.video ? deps.signedUrls.sign(testVideoPath(testId), deps.clock()) : null,
    heatmap_video: null,
    timeline_start: null,
    duration_ms: 0,
    scores: [],
    scenes: [],
    points: [],
    moments: [],
    gaze_cohort: 'all',
    emotions_cohort: 'all',
  };
  // While processing runs the stored result may be partly the new one (see getVideoParticipant).
  if (processing || participant?.state !== 'finished' || !participant.startedAt) return answer;
  const start = participant.startedAt.getTime();
  const durationMs = (participant.endedAt?.getTime() ?? start) - start;
  const [sections, notes, view] = await Promise.all([
    listSectionRows(deps.db, participant.id),
    listNoteRows(deps.db, testId),
    cohortViewOf(deps, participant.id, cohort),
  ]);
  const [eeg, everyonesMoments, cohortMoments] = await Promise.all([
    view.emotions === null ? { scores: [], points: [] } : eegResultsOf(deps, participant),
    listMomentRows(deps.db, participant.id),
    view.gaze === 'all' ? null : listMomentRows(deps.db, participant.id, view.gaze),
  ]);
  const emotionMoments =
    view.emotions === null ? [] : everyonesMoments.filter((moment) => !isGazeMoment(moment));
  const gazeMoments = (cohortMoments ?? everyonesMoments).filter(isGazeMoment);
  const moments = [...emotionMoments, ...gazeMoments].sort((a, b) => a.start - b.start || a.id - b.id);
  return {
    ...answer,
    has_results: true,
    video_participant_id: participant.id,
    heatmap_video: heatmapVideoUrl(deps, testId, participant, view),
    timeline_start: start,
    duration_ms: durationMs,
    scores: eeg.scores,
    scenes: sections.flatMap((section) =>
      section.labelId === null
        ? []
        : [
            {
              section_id: section.id,
              label_id: section.labelId,
              name: section.labelName ?? '',
              start_ms: section.timestampStart - start,
              end_ms: section.timestampEnd - start,
              notes: notes.filter((note) => note.labelId === section.labelId).map(toNote),
            },
          ],
    ),
    points: eeg.points
      .filter((point) => !point.falsePositive)
      .map((point) => ({
        id: point.id,
        emotion: point.emotion,
        t: point.timestampTop - start,
        score: point.score,
        ranking: point.ranking,
        comment: point.comment,
      })),
    moments: moments.map((moment) => ({
      id: moment.id,
      emotion: moment.emotion,
      start_ms: moment.start - start,
      end_ms: moment.end - start,
    })),
    gaze_cohort: view.gaze,
    emotions_cohort: view.emotions,
  };
}

type MomentRow = Awaited<ReturnType<typeof listMomentRows>>[number];
const isGazeMoment = (moment: MomentRow) => moment.emotion === 'spread' || moment.emotion === 'fluency';

/** The EEG part of a result beside its emotion moments: its scores and significant points. */
async function eegResultsOf(deps: Deps, participant: ResultParticipant) {
  const [scores, points] = await Promise.all([
    participantScores(deps, participant),
    listSignificantPointRows(deps.db, participant.id),
  ]);
  return { scores, points };
}

/** Whose gaze and whose EEG a result answers for a cohort (VideoResults' gaze_cohort, emotions_cohort). */
type CohortView = { gaze: Cohort; emotions: Cohort | null; video: string | null };

/**
 * Everyone's result, unless processing made the cohort's own (a test with both cohorts): then its
 * gaze, and its EEG as far as it is the cohort's own: none, or all of everyone's (a cohort's mean
 * curves over the same viewers are everyone's).
 */
async function cohortViewOf(deps: Deps, participantId: number, cohort: Cohort): Promise<CohortView> {
  const everyone: CohortView = { gaze: 'all', emotions: 'all', video: null };
  if (cohort === 'all') return everyone;
  const rows = await listCohortHeatmapRows(deps.db, participantId);
  const own = rows.find((row) => row.cohort === cohort);
  if (!own) return everyone;
  const allWithEeg = rows.reduce((sum, row) => sum + row.emotionViewers, 0);
  const emotions = own.emotionViewers === 0 ? null : own.emotionViewers === allWithEeg ? cohort : 'all';
  return { gaze: cohort, emotions, video: own.video };
}

/** The signed URL of the heatmap video the view shows, versioned by the result's last change. */
function heatmapVideoUrl(
  deps: Deps,
  testId: number,
  participant: { id: number; video: string | null; updatedAt: Date },
  view: CohortView,
): string | null {
  const path =
    view.gaze === 'all'
      ? participant.video && participantVideoPath(testId, participant.id)
      : view.video && cohortHeatmapVideoPath(testId, view.gaze);
  return path ? `${deps.signedUrls.sign(path, deps.clock())}&v=${participant.updatedAt.getTime()}` : null;
}

const cohortHeatmapVideoPath = (testId: number, cohort: Cohort) =>
  `/api/v1/tests/${testId}/heatmap_video/${cohort}`;

/** The stored file of a cohort's heatmap video (the signed route; the signature is the access). */
export async function cohortHeatmapVideoKey(deps: Deps, testId: number, cohort: 'lab' | 'remote') {
  const participant = await findVideoParticipantRow(deps.db, testId);
  const own = participant
    ? (await listCohortHeatmapRows(deps.db, participant.id)).find((row) => row.cohort === cohort)
    : undefined;
  if (!own?.video) throw notFound("The cohort's heatmap video");
  return own.video;
}

type ResultParticipant = { id: number; startedAt: Date | null; endedAt: Date | null };

/** The mean scores of a processed result in steps from the video's start (none without its curves). */
async function participantScores(deps: Deps, participant: ResultParticipant): Promise<VideoScore[]> {
  if (!participant.startedAt) return [];
  const start = participant.startedAt.getTime();
  const durationMs = (participant.endedAt?.getTime() ?? start) - start;
  const emotions = await loadStream(deps, participant.id, 'emotions');
  return emotions?.kind === 'emotions' ? scoresOf(emotions.samples, start, durationMs) : [];
}

/**
 * The whole-video means of other tests' results; results processed before the means were kept
 * get them computed from their curves once and stored. A result without curves does not count.
 */
async function peerMeans(deps: Deps, peers: readonly PeerResultRow[]): Promise<ScoreMeans[]> {
  // A test that holds a viewer who did not grant anonymised reuse is no norm (docs/decisions/data-rights.md).
  const withheld = await testsWithoutPurpose(
    deps,
    peers.map((row) => row.testId),
    'norms',
  );
  const rows = peers.filter((row) => !withheld.has(row.testId));
  const means = await Promise.all(
    rows.map(async (row) => {
      if (row.joy !== null && row.attention !== null && row.frustration !== null)
        return { joy: row.joy, attention: row.attention, frustration: row.frustration };
      const computed = meanScores(
        await participantScores(deps, {
          id: row.participantId,
          startedAt: row.startedAt,
          endedAt: row.endedAt,
        }),
      );
      if (computed) await upsertScoreMeans(deps.db, row.participantId, computed);
      return computed;
    }),
  );
  return means.filter((mean): mean is ScoreMeans => mean !== null);
}

/**
 * Beyond the spec: the test's scenes and whole video against the other processed video tests of
 * its company and of its category, as percentiles of their whole-video mean scores.
 */
export async function getVideoNorms(deps: Deps, actor: Actor, testId: number): Promise<VideoNorms> {
  await videoTestFor(deps, actor, testId);
  const [test, groups, participant] = await Promise.all([
    findVideoTestRow(deps.db, testId),
    findNormGroupsOf(deps.db, testId),
    findVideoParticipantRow(deps.db, testId),
  ]);
  if (!test || !groups) throw notFound('The test');
  const isReady =
    test.internalState !== 'video_processing' && participant?.state === 'finished' && participant.startedAt;
  const [scores, sections, companyPeers, categoryPeers] = await Promise.all([
    isReady && participant ? participantScores(deps, participant) : [],
    isReady && participant ? listSectionRows(deps.db, participant.id) : [],
    listPeerResults(deps.db, testId, { companyId: groups.companyId }).then((rows) => peerMeans(deps, rows)),
    groups.categoryId === null
      ? []
      : listPeerResults(deps.db, testId, { categoryId: groups.categoryId }).then((rows) =>
          peerMeans(deps, rows),
        ),
  ]);
  // the viewers' streams only where a group gives percentiles, whose ranges they are for
  const ranks = Math.max(companyPeers.length, categoryPeers.length) >= NORM_MINIMUM_TESTS;
  const viewers = isReady && ranks ? await loadViewerEmotions(deps, testId) : [];
  const start = participant?.startedAt?.getTime() ?? 0;
  const scenes = sections.flatMap((section) =>
    section.labelId === null
      ? []
      : [
          {
            section_id: section.id,
            start_ms: section.timestampStart - start,
            end_ms: section.timestampEnd - start,
          },
        ],
  );
  return {
    minimum_tests: NORM_MINIMUM_TESTS,
    company: normGroup(scores, scenes, companyPeers, viewers),
    category: { ...normGroup(scores, scenes, categoryPeers, viewers), name: groups.categoryName },
  };
}

/** Associations by viewers who chose them (most first), scale averages and open answers. */
export async function getQualitativeFeedback(
  deps: Deps,
  actor: Actor,
  testId: number,
  cohort: Cohort = 'all',
): Promise<QualitativeFeedback> {
  await videoTestFor(deps, actor, testId);
  const [test, questions, answers] = await Promise.all([
    findVideoTestRow(deps.db, testId),
    listQuestionRows(deps.db, testId),
    listViewerAnswers(deps.db, testId, GENERATED_VIEWER_PREFIX, cohort),
  ]);
  const shown = new Set(test?.shownAssociationIds ?? []);
  const answersOf = (questionId: number) => answers.filter((answer) => answer.questionId === questionId);
  const associations = questions
    .filter((question) => question.kind === 'association')
    .map((question) => ({
      id: question.id,
      text: question.text,
      count: answersOf(question.id).filter((answer) => answer.checked).length,
      shown: shown.has(question.id),
    }))
    .sort((a, b) => b.count - a.count || a.text.localeCompare(b.text));
  const evaluations = questions
    .filter((question) => question.kind === 'scale')
    .map((question) => {
      const scores = answersOf(question.id).flatMap((answer) =>
        answer.score === null ? [] : [answer.score],
      );
      const average = scores.length === 0 ? null : scores.reduce((a, b) => a + b, 0) / scores.length;
      return {
        id: question.id,
        text: question.text,
        average: average === null ? null : Math.round(average * 100) / 100,
        answers: scores.length,
      };
    });
  const openQuestions = questions
    .filter((question) => question.kind === 'open')
    .map((question) => ({
      id: question.id,
      text: question.text,
      answers: answersOf(question.id)
        .filter((answer) => answer.text.trim() !== '')
        .map((answer) => ({
          participant_id: answer.participantId,
          text: answer.text,
          translation: answer.translation,
        })),
    }));
  return { associations, evaluations, open_questions: openQuestions };
}

/** Chooses the associations shown; each must be an association of the test. */
export async function chooseShownAssociations(deps: Deps, actor: Actor, testId: number, ids: number[]) {
  await testFor(deps, actor, testId, 'test.annotate');
  const own = new Set(
    (await listQuestionRows(deps.db, testId))
      .filter((question) => question.kind === 'association')
      .map((question) => question.id),
  );
  if (ids.some((id) => !own.has(id)))
    throw AppError.fieldError('validation', 'association_ids', VIDEO_RESULT_MESSAGES.notAnAssociation);
  await setShownAssociations(deps.db, testId, ids);
  return { message: 'The associations shown were saved' };
}

/**
 * Where generated viewers come from: the demo's generator, which the process assembly hands in
 * (app.ts), as the product does not import the demo.
 */
export type ViewerGenerator = {
  /** One viewer of a video of this length, drawn from the seed, watching from `startTime`. */
  generate: (options: {
    seed: number;
    startTime: number;
    realId: string;
    videoDurationMs: number;
  }) => GeneratedParticipant;
  /** The language code the viewers' comments are translated into. */
  translationLanguage: string;
};

/**
 * The spec's fake participant: one generated viewer of the test's video (real_id `generated-…`),
 * so that a researcher sees results before real viewers exist. It is created left out of the
 * metrics (excluded_from_metrics): it counts in the results only once a researcher counts it
 * (PATCH /tests/{id}/quality/{pid}) and, for the scores and heatmap, processes again.
 */
export async function addGeneratedViewer(
  deps: Deps & { viewers: ViewerGenerator },
  actor: Actor,
  testId: number,
): Promise<ParticipantSummary> {
  const test = await testFor(deps, actor, testId, 'test.annotate');
  if (test.platform !== 'video') throw new AppError('conflict', VIDEO_RESULT_MESSAGES.onlyVideoTests);
  const now = deps.clock().getTime();
  const realId = `${GENERATED_VIEWER_PREFIX}${now}`;
  const viewer = deps.viewers.generate({
    seed: now % 2 ** 31,
    startTime: now,
    realId,
    videoDurationMs: await videoDurationOf(deps, testId),
  });
  const { id } = await recordGeneratedParticipant(deps, testId, viewer, {
    translationLanguage: deps.viewers.translationLanguage,
  });
  await setExcludedFromMetrics(deps.db, testId, id, true);
  return participantSummaryOf(deps, testId, id);
}

/** The video's length: as processing stored it, else read from the video (409 without one). */
async function videoDurationOf(deps: Deps, testId: number): Promise<number> {
  const processed = await findVideoParticipantRow(deps.db, testId);
  const start = processed?.startedAt?.getTime();
  const end = processed?.endedAt?.getTime();
  if (start !== undefined && end !== undefined && end - start >= MIN_VIEWING_MS) return end - start;
  const row = await findVideoTestRow(deps.db, testId);
  if (!row?.video) throw new AppError('conflict', "Upload the test's video first: a viewer watches it");
  const durationMs = await withTestVideo(deps, row.video, async (video) => video.durationMs).catch(() => 0);
  if (durationMs < MIN_VIEWING_MS)
    throw new AppError('conflict', "The test's video cannot be read, or is shorter than 5 seconds");
  return durationMs;
}
