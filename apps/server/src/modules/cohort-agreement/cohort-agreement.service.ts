import {
  type AgreementFixation,
  agreementReading,
  areaRankAgreement,
  DEFAULT_AGREEMENT_OPTIONS,
  MIN_BOOTSTRAP_PARTICIPANTS,
  MIN_RANKED_AREAS,
  mapAgreement,
  REFERENCE_HEIGHT,
  REFERENCE_WIDTH,
} from '@limbus/analytics';
import {
  COHORT_AGREEMENT_MESSAGES,
  type CohortAgreement,
  type CohortPageAgreement,
  type CohortSceneAgreement,
} from '@limbus/contract';
import type { Actor } from '../../http/policy.js';
import { fixationsInFrame, fixationsOnPages, gazePagesOf } from '../heatmaps/heatmap-analysis.service.js';
import type { HeatmapDeps } from '../heatmaps/heatmaps.service.js';
import {
  findVideoParticipantRow,
  listMetricsParticipantRows,
  listSectionRows,
} from '../participants/participants.service.js';
import { pageAreasOfInterest } from '../predictions/page-predictions.service.js';
import { resultsTestFor } from '../test-access/test-access.service.js';
import { answerCache } from './answer-cache.js';
import { findingsOf, toAreaRanking, toEstimate } from './cohort-agreement.mappers.js';
import { expressionAgreement } from './expression-curves.js';

/** The demo shop's phone width; a page without a screenshot is as wide as its platform's screen. */
const MOBILE_WIDTH_PX = 390;
const VIDEO_FRAME_NAME = 'The video (1920 × 1080 frame)';

type Cohorts = { lab: number[]; remote: number[] };
type ParticipantRows = Awaited<ReturnType<typeof listMetricsParticipantRows>>;
/** A scene of a video test: a named section of its processed result, in ms into the video. */
type Scene = { sectionId: number; name: string; startMs: number; endMs: number };
type Area = { name: string; left: number; top: number; width: number; height: number };
type Surface = {
  heatmapId: number | null;
  name: string;
  width: number | null;
  height: number | null;
  areas: Area[] | null;
};

const cache = answerCache<CohortAgreement>(32);

/**
 * The agreement panel of a test (docs/remote-studies.md 'The agreement panel'): per heatmap page
 * (a video test: its frame, and the frame in each scene) CC and NSS of the remote cohort against the lab cohort, the ranking of
 * the page's areas of interest, findings of one cohort only. Answered from a per-process cache
 * while the participants, pages and areas are the same.
 */
export async function cohortAgreement(
  deps: HeatmapDeps,
  actor: Actor,
  testId: number,
): Promise<CohortAgreement> {
  const test = await resultsTestFor(deps, actor, testId);
  const rows = await listMetricsParticipantRows(deps.db, testId);
  const cohorts: Cohorts = {
    lab: rows.filter((row) => row.source === 'lab').map((row) => row.id),
    remote: rows.filter((row) => row.source === 'webcam').map((row) => row.id),
  };
  if (cohorts.lab.length === 0) return { available: false, reason: COHORT_AGREEMENT_MESSAGES.noLab };
  if (cohorts.remote.length === 0) return { available: false, reason: COHORT_AGREEMENT_MESSAGES.noRemote };
  const pages = test.platform === 'video' ? null : await pagesOf(deps, test);
  const scenes = test.platform === 'video' ? await scenesOf(deps, test.id) : [];
  const key = JSON.stringify([test.id, cohorts, pages, scenes]);
  const cached = cache.get(key);
  if (cached) return cached;
  const answer = await compute(deps, test, cohorts, { pages, scenes }, rows);
  cache.set(key, answer);
  return answer;
}

async function compute(
  deps: HeatmapDeps,
  test: { id: number; platform: string },
  cohorts: Cohorts,
  { pages, scenes }: { pages: Surface[] | null; scenes: readonly Scene[] },
  rows: ParticipantRows,
): Promise<CohortAgreement> {
  const ids = [...cohorts.lab, ...cohorts.remote];
  const agreements: CohortPageAgreement[] = [];
  const sceneAgreements: CohortPageAgreement[] = [];
  if (pages === null) {
    const frame = await fixationsInFrame(deps, ids);
    agreements.push(pageAgreement(frameSurface(VIDEO_FRAME_NAME), (id) => frame.get(id) ?? [], cohorts));
    const videoStart = new Map(rows.map((row) => [row.id, row.startedAt?.getTime() ?? 0]));
    for (const scene of scenes) {
      // a viewer's recording starts with the video (DESIGN §4): time on the video is start − started_at
      const inScene = (id: number) =>
        (frame.get(id) ?? []).filter((fixation) => {
          const at = fixation.start - (videoStart.get(id) ?? 0);
          return at >= scene.startMs && at <= scene.endMs;
        });
      sceneAgreements.push(pageAgreement(frameSurface(`the scene ${scene.name}`), inScene, cohorts));
    }
  } else {
    const fixations = await fixationsOnPages(deps, test, ids);
    pages.forEach((page, index) => {
      const width = page.width ?? (test.platform === 'mobile' ? MOBILE_WIDTH_PX : REFERENCE_WIDTH);
      agreements.push(pageAgreement({ ...page, width }, (id) => fixations.get(id)?.[index] ?? [], cohorts));
    });
  }
  const expressions = await expressionAgreement(deps, test, rows);
  return {
    available: true,
    method: {
      interval: COHORT_AGREEMENT_MESSAGES.interval,
      level: DEFAULT_AGREEMENT_OPTIONS.level,
      resamples: DEFAULT_AGREEMENT_OPTIONS.resamples,
      seed: DEFAULT_AGREEMENT_OPTIONS.seed,
      cell_px: DEFAULT_AGREEMENT_OPTIONS.cellPx,
      sigma_px: DEFAULT_AGREEMENT_OPTIONS.sigmaPx,
      min_participants: MIN_BOOTSTRAP_PARTICIPANTS,
    },
    pages: agreements,
    scenes: scenes.map((scene, index) =>
      toSceneAgreement(scene, sceneAgreements[index] as CohortPageAgreement),
    ),
    expressions: expressions.expressions,
    findings: [...findingsOf([...agreements, ...sceneAgreements]), ...expressions.findings],
  };
}

/** The video's 1920 × 1080 frame, whole or in one scene's time: no areas to rank. */
const frameSurface = (name: string) => ({
  heatmapId: null,
  name,
  width: REFERENCE_WIDTH,
  height: REFERENCE_HEIGHT,
  areas: null,
});

const toSceneAgreement = (scene: Scene, agreement: CohortPageAgreement): CohortSceneAgreement => ({
  section_id: scene.sectionId,
  name: scene.name,
  start_ms: scene.startMs,
  end_ms: scene.endMs,
  lab_participants: agreement.lab_participants,
  remote_participants: agreement.remote_participants,
  cc: agreement.cc,
  nss: agreement.nss,
  reading: agreement.reading,
});

/** The scenes researchers marked on the video's processed result, by start; none before processing. */
async function scenesOf(deps: HeatmapDeps, testId: number): Promise<Scene[]> {
  const result = await findVideoParticipantRow(deps.db, testId);
  if (result?.state !== 'finished' || !result.startedAt) return [];
  const start = result.startedAt.getTime();
  return (await listSectionRows(deps.db, result.id))
    .filter((section) => section.labelId !== null)
    .map((section) => ({
      sectionId: section.id,
      name: section.labelName ?? '',
      startMs: section.timestampStart - start,
      endMs: section.timestampEnd - start,
    }))
    .sort((a, b) => a.startMs - b.startMs);
}

/** The test's heatmap pages with their size and the areas of their newest prediction. */
async function pagesOf(deps: HeatmapDeps, test: { id: number; companyId: number }): Promise<Surface[]> {
  return Promise.all(
    (await gazePagesOf(deps, test.id)).map(async (page) => ({
      heatmapId: page.id,
      name: page.name || 'Untitled',
      width: page.width,
      height: page.height,
      areas: await pageAreasOfInterest(deps, page.id, test.companyId),
    })),
  );
}

/** Participants of a cohort who fixated on the surface at least once: the n of every figure. */
const lookers = (ids: number[], fixationsOf: (id: number) => readonly AgreementFixation[]) =>
  ids.map(fixationsOf).filter((fixations) => fixations.length > 0);

function pageAgreement(
  surface: Surface & { width: number },
  fixationsOf: (id: number) => readonly AgreementFixation[],
  cohorts: Cohorts,
): CohortPageAgreement {
  const lab = lookers(cohorts.lab, fixationsOf);
  const remote = lookers(cohorts.remote, fixationsOf);
  const deepest = Math.max(0, ...[...lab, ...remote].flat().map((fixation) => fixation.y));
  const height = surface.height ?? Math.max(REFERENCE_HEIGHT, Math.ceil(deepest) + 1);
  const map = mapAgreement(lab, remote, surface.width, height);
  const cc = toEstimate(map.cc);
  return {
    heatmap_id: surface.heatmapId,
    name: surface.name,
    width: surface.width,
    height,
    lab_participants: map.labParticipants,
    remote_participants: map.remoteParticipants,
    cc,
    nss: toEstimate(map.nss),
    reading: agreementReading(cc),
    areas: toAreaRanking(
      surface.areas,
      surface.areas && surface.areas.length >= MIN_RANKED_AREAS
        ? areaRankAgreement(lab, remote, surface.areas)
        : null,
    ),
  };
}
