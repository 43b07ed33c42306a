import {
  type AreaParticipant,
  areaMetrics,
  type Box,
  detectGazeEvents,
  type FirstSeconds,
  isTooSmallForAccuracy,
  matchesAnyUrl,
  minAreaSizePx,
  type PageFixation,
  type PageVisit,
  type Platform,
  pageFixations,
  pageVisits,
  REFERENCE_HEIGHT,
  REFERENCE_WIDTH,
  rankAreas,
  scrollReach,
  webcamAccuracyPx,
  webcamScreenGeometry,
} from '@limbus/analytics';
import type { Cohort, HeatmapArea, HeatmapScrollReach, WebcamQuality } from '@limbus/contract';
import type { Actor } from '../../http/policy.js';
import { resultsTestFor } from '../test-access/test-access.service.js';
import {
  firstSecondsOf,
  type HeatmapRecording,
  participantIdsOf,
  platformOf,
  recordingReader,
} from './heatmap-recordings.js';
import type { HeatmapRow } from './heatmaps.repository.js';
import { listHeatmapRows } from './heatmaps.repository.js';
import { type HeatmapDeps, heatmapOf } from './heatmaps.service.js';

/** The phone's viewport height in px (the demo shop's 390 × 844); desktop pages see the 1080 px frame. */
const MOBILE_VIEWPORT_HEIGHT = 844;
/** Scroll reach is answered in steps of this many page px. */
const SCROLL_STEP_PX = 20;

const visitsOn = (page: HeatmapRow, recording: HeatmapRecording): PageVisit[] =>
  recording.mice
    ? pageVisits(recording.mice).filter((visit) => matchesAnyUrl(visit.url, [page.url], page.matchType))
    : [];

/** The recording's fixations: detectGazeEvents on the eye stream in its geometry; none without one. */
const fixationsOf = (recording: HeatmapRecording) =>
  recording.eyes ? detectGazeEvents(recording.eyes, { geometry: recording.geometry }).fixations : [];

/** The participant's fixations on the page (the recording's fixations, then pageFixations). */
function fixationsOn(
  page: HeatmapRow,
  recording: HeatmapRecording,
  platform: Platform,
  firstSeconds: FirstSeconds,
): { visited: boolean; fixations: PageFixation[] } {
  const visits = visitsOn(page, recording);
  if (visits.length === 0 || !recording.eyes) return { visited: visits.length > 0, fixations: [] };
  return {
    visited: true,
    fixations: pageFixations(fixationsOf(recording), visits, recording.mice, platform, firstSeconds),
  };
}

/**
 * The webcam figures of those of the participants that took part remotely (the remote-studies
 * module's webcamQualityOf, which app.ts hands in: that module reads the heatmap pages already).
 */
export type WebcamQualityLookup = (
  participantIds: readonly number[],
) => Promise<ReadonlyMap<number, Pick<WebcamQuality, 'validation_accuracy_deg'>>>;

/**
 * The page px a webcam participant's degree spans: the browser tells neither its screen's
 * millimetres nor the distance, so webcamScreenGeometry's 96 CSS px per inch at 600 mm (the scale
 * the server measured the validation with), on the reference frame page gaze is placed in.
 */
const WEBCAM_PAGE_GEOMETRY = webcamScreenGeometry({ widthPx: REFERENCE_WIDTH, heightPx: REFERENCE_HEIGHT });

/** The webcam gaze's accuracy among the participants (whole page px) and the smallest area it tells apart; nulls without webcam figures. */
async function webcamAreaLimit(webcamQuality: WebcamQualityLookup, participantIds: readonly number[]) {
  const figures = [...(await webcamQuality(participantIds)).values()];
  const exact = webcamAccuracyPx(
    figures.map((figure) => ({
      accuracyDeg: figure.validation_accuracy_deg,
      geometry: WEBCAM_PAGE_GEOMETRY,
    })),
  );
  const accuracyPx = exact === null ? null : Math.round(exact);
  return { accuracyPx, minAreaPx: accuracyPx === null ? null : minAreaSizePx(accuracyPx) };
}

async function pageAndTest(deps: HeatmapDeps, actor: Actor, testId: number, id: number) {
  const test = await resultsTestFor(deps, actor, testId);
  return { test, page: await heatmapOf(deps, testId, id) };
}

/**
 * Metrics of areas of interest (areaMetrics) over the finished participants who visited the page;
 * each participant's recording is read and analysed one at a time. When webcam participants are
 * among them, areas narrower than their gaze's accuracy allows are flagged and left unranked
 * (docs/remote-studies.md, 'Areas too small for webcam gaze').
 */
export async function heatmapAreas(
  deps: HeatmapDeps & { webcamQuality: WebcamQualityLookup },
  actor: Actor,
  testId: number,
  id: number,
  query: { areas: Box[]; first_seconds?: string; cohort?: Cohort },
): Promise<{
  participants: number;
  webcam_accuracy_px: number | null;
  min_area_px: number | null;
  areas: HeatmapArea[];
}> {
  const { test, page } = await pageAndTest(deps, actor, testId, id);
  const firstSeconds = firstSecondsOf(query.first_seconds);
  const visitors: AreaParticipant[] = [];
  const visitorIds: number[] = [];
  const ids = await participantIdsOf(deps, testId, undefined, query.cohort);
  const recordingOf = await recordingReader(deps, ids, true);
  for (const participantId of ids) {
    const recording = await recordingOf(participantId);
    const { visited, fixations } = fixationsOn(page, recording, platformOf(test), firstSeconds);
    if (!visited) continue;
    visitors.push({ fixations, emotions: recording.emotions });
    visitorIds.push(participantId);
  }
  const metrics = areaMetrics(visitors, query.areas);
  const limit = await webcamAreaLimit(deps.webcamQuality, visitorIds);
  const tooSmall = query.areas.map((area) => isTooSmallForAccuracy(area, limit.minAreaPx));
  const ranks = rankAreas(metrics, tooSmall);
  return {
    participants: visitors.length,
    webcam_accuracy_px: limit.accuracyPx,
    min_area_px: limit.minAreaPx,
    areas: query.areas.map((area, i) => {
      const m = metrics[i];
      return {
        ...area,
        too_small_for_webcam: tooSmall[i] ?? false,
        rank: ranks[i] ?? null,
        looked: m?.looked ?? 0,
        looked_share: m?.lookedShare ?? 0,
        time_to_first_fixation: m?.timeToFirstFixation ?? null,
        dwell_time: m?.dwellTime ?? null,
        revisits: m?.revisits ?? null,
        emotions: m?.emotions ?? null,
      };
    }),
  };
}

/** The gaze plot: each chosen participant's fixations on the page, packed [x, y, duration, page time]. */
export async function heatmapFixations(
  deps: HeatmapDeps,
  actor: Actor,
  testId: number,
  id: number,
  query: { participant_ids: number[]; first_seconds?: string },
) {
  const { test, page } = await pageAndTest(deps, actor, testId, id);
  const firstSeconds = firstSecondsOf(query.first_seconds);
  const participants = [];
  const ids = await participantIdsOf(deps, testId, query.participant_ids);
  const recordingOf = await recordingReader(deps, ids);
  for (const participantId of ids) {
    const recording = await recordingOf(participantId);
    const { fixations } = fixationsOn(page, recording, platformOf(test), firstSeconds);
    participants.push({
      participant_id: participantId,
      fixations: fixations.flatMap((f) => [
        Math.round(f.x),
        Math.round(f.y),
        Math.round(f.duration),
        Math.round(f.pageTime),
      ]),
    });
  }
  return { participants };
}

/** The scroll-reach map of the page over the finished participants who visited it. */
export async function heatmapScrollReach(
  deps: HeatmapDeps,
  actor: Actor,
  testId: number,
  id: number,
  cohort: Cohort = 'all',
): Promise<HeatmapScrollReach> {
  const { test, page } = await pageAndTest(deps, actor, testId, id);
  const visitors = [];
  const ids = await participantIdsOf(deps, testId, undefined, cohort);
  const recordingOf = await recordingReader(deps, ids);
  for (const participantId of ids) {
    const recording = await recordingOf(participantId);
    const visits = visitsOn(page, recording);
    if (recording.mice && visits.length > 0) visitors.push({ mouse: recording.mice, visits });
  }
  const viewport = platformOf(test) === 'mobile' ? MOBILE_VIEWPORT_HEIGHT : REFERENCE_HEIGHT;
  const reach = scrollReach(visitors, viewport, SCROLL_STEP_PX);
  return {
    participants: reach.participants,
    step_px: reach.stepPx,
    shares: reach.shares.map((share) => Math.round(share * 10_000) / 10_000),
    page_height: reach.pageHeight,
  };
}

/** A heatmap page as the cohort agreement reads it: its name and its screenshot's size (null without one). */
export type GazePage = { id: number; name: string; width: number | null; height: number | null };

/** For the cohort agreement: the test's heatmap pages in their order. A caller who checked access. */
export async function gazePagesOf(deps: HeatmapDeps, testId: number): Promise<GazePage[]> {
  return (await listHeatmapRows(deps.db, testId)).map((row) => ({
    id: row.id,
    name: row.name,
    width: row.screenshotWidth,
    height: row.screenshotHeight,
  }));
}

/**
 * For the cohort agreement (modules/cohort-agreement): each participant's fixations on each of
 * the test's heatmap pages (in gazePagesOf's order) over whole visits. Gaze events are detected
 * once per recording; recordings are read one at a time. A caller who checked access.
 */
export async function fixationsOnPages(
  deps: HeatmapDeps,
  test: { id: number; platform: string },
  participantIds: readonly number[],
): Promise<Map<number, PageFixation[][]>> {
  const rows = await listHeatmapRows(deps.db, test.id);
  const fixations = new Map<number, PageFixation[][]>();
  const recordingOf = await recordingReader(deps, participantIds);
  for (const participantId of participantIds) {
    const recording = await recordingOf(participantId);
    const detected = fixationsOf(recording);
    fixations.set(
      participantId,
      rows.map((page) => {
        const visits = visitsOn(page, recording);
        return visits.length === 0
          ? []
          : pageFixations(detected, visits, recording.mice, platformOf(test), 'all');
      }),
    );
  }
  return fixations;
}

/**
 * For the cohort agreement of a video test: each participant's fixations over the whole recording,
 * in the 1920 × 1080 frame's px. A caller who checked access.
 */
export async function fixationsInFrame(
  deps: HeatmapDeps,
  participantIds: readonly number[],
): Promise<Map<number, PageFixation[]>> {
  const fixations = new Map<number, PageFixation[]>();
  const recordingOf = await recordingReader(deps, participantIds);
  for (const participantId of participantIds) {
    const recording = await recordingOf(participantId);
    const detected = fixationsOf(recording);
    fixations.set(
      participantId,
      detected.map((fixation) => ({ ...fixation, pageTime: 0, visit: 0 })),
    );
  }
  return fixations;
}
