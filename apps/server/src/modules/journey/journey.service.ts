import { type JourneyPage as AnalyticsPage, journeyFlow, pagePath, pageVisits } from '@limbus/analytics';
import { type Cohort, JOURNEY_MAX_STEPS, type Journey, type JourneyPage } from '@limbus/contract';
import type { Deps } from '../../deps.js';
import type { Actor } from '../../http/policy.js';
import { listTestLabels, pageMetricsOf } from '../ingestion/analysis.js';
import { loadStream } from '../participants/participant-streams.js';
import { listFinishedParticipantRows } from '../participants/participants.service.js';
import { resultsTestFor } from '../test-access/test-access.service.js';

type JourneyDeps = Pick<Deps, 'db' | 'files'>;

type StoredPage = {
  id: number;
  total_participants: number;
  joy: number | null;
  attention: number | null;
  frustration: number | null;
};

const shareOrNull = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** The stored page metrics by page id (the recompute job's; emotions null where unmeasured). */
async function storedPages(
  deps: JourneyDeps,
  testId: number,
  cohort: Cohort,
): Promise<Map<number, StoredPage>> {
  const payload = await pageMetricsOf(deps, testId, cohort);
  const rows = Array.isArray(payload) ? (payload as Record<string, unknown>[]) : [];
  return new Map(
    rows.map((row) => [
      Number(row.id),
      {
        id: Number(row.id),
        total_participants: Number(row.total_participants) || 0,
        joy: shareOrNull(row.joy),
        attention: shareOrNull(row.attention),
        frustration: shareOrNull(row.frustration),
      },
    ]),
  );
}

/**
 * The journey of a test (Professional): every finished participant's page visits (mouse URLs)
 * become the test's pages in order (pagePath), summed into steps, moves and drop-offs
 * (journeyFlow); pages carry the stored page metrics' visitors and emotions.
 */
export async function testJourney(
  deps: JourneyDeps,
  actor: Actor,
  testId: number,
  cohort: Cohort = 'all',
): Promise<Journey> {
  await resultsTestFor(deps, actor, testId, 'journey');
  const labelRows = await listTestLabels(deps.db, testId);
  const pages: AnalyticsPage[] = labelRows.map((row) => ({
    id: row.id,
    urls: row.urls,
    matchType: row.matchType,
  }));
  const paths: number[][] = [];
  for (const participant of await listFinishedParticipantRows(deps.db, testId, cohort)) {
    const mice = await loadStream(deps, participant.id, 'mice');
    if (mice?.kind === 'mice') paths.push(pagePath(pageVisits(mice.samples), pages));
  }
  const flow = journeyFlow(paths, JOURNEY_MAX_STEPS);
  const metrics = await storedPages(deps, testId, cohort);
  const visitors = new Map<number, number>();
  for (const path of paths) for (const id of new Set(path)) visitors.set(id, (visitors.get(id) ?? 0) + 1);
  const answerPages: JourneyPage[] = labelRows.map((row) => {
    const stored = metrics.get(row.id);
    return {
      id: row.id,
      name: row.name,
      visitors: visitors.get(row.id) ?? 0,
      joy: stored?.joy ?? null,
      attention: stored?.attention ?? null,
      frustration: stored?.frustration ?? null,
    };
  });
  return {
    participants: flow.participants,
    continued: flow.continued,
    max_steps: JOURNEY_MAX_STEPS,
    pages: answerPages,
    nodes: flow.nodes.map((node) => ({
      step: node.step,
      page_id: node.page,
      participants: node.participants,
    })),
    links: flow.links,
  };
}
