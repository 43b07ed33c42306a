import { type Cohort, type ExportFormat, type ExportKind, participantLabel } from '@limbus/contract';
import type { Deps } from '../../deps.js';
import { AppError } from '../../http/app-error.js';
import { type Cell, type Column, writeExport } from '../../http/export-writer.js';
import type { Actor } from '../../http/policy.js';
import { type AuditContext, recordAudit } from '../audit/audit.service.js';
import { pageMetricsOf, tagMetricsOf } from '../ingestion/analysis.js';
import { participantGeometry } from '../participants/participant-geometry.js';
import { loadStream } from '../participants/participant-streams.js';
import {
  listParticipantRows,
  listSignificantPointRows,
  readableParticipant,
} from '../participants/participants.service.js';
import { assertIndividualParticipants, resultsTestFor } from '../test-access/test-access.service.js';
import {
  EVENT_COLUMNS,
  emotionRows,
  eventRows,
  gazeRows,
  METRIC_COLUMNS,
  mouseRows,
  type ParticipantRef,
  pageMetricRows,
  SAMPLE_COLUMNS,
  type StoredPage,
  type StoredTag,
  tagMetricRows,
} from './export-rows.js';
import { countSamples } from './exports.repository.js';

export type ExportRequest = {
  kind: ExportKind;
  format: ExportFormat;
  participantId?: number | undefined;
  /** Samples and events of the lab's or the remote participants only. */
  cohort?: Cohort | undefined;
};

/** A checked export, ready to stream: its file name, how many rows it will hold (when known) and its text. */
export type PreparedExport = { fileName: string; rows: number | null; body: AsyncIterable<string> };

/**
 * Checks who asks (the rules of the participant data routes: the test's results, a video test's
 * individual viewers only with the add-on; metrics: Professional data) before anything is read,
 * then answers the export as a generator: each participant's streams are loaded, written and
 * let go in turn, so memory holds one participant, never the whole test.
 */
export async function prepareExport(
  deps: Deps,
  actor: Actor,
  context: AuditContext,
  testId: number,
  request: ExportRequest,
): Promise<PreparedExport> {
  if (request.kind === 'metrics') {
    if (request.participantId !== undefined)
      throw AppError.fieldError(
        'validation',
        'participant_id',
        "Page and tag metrics are the test's: leave participant_id out",
      );
    const test = await resultsTestFor(deps, actor, testId, 'pages');
    await recordAudit(deps, context, {
      action: 'data_exported',
      companyId: test.companyId,
      testId,
      detail: {
        kind: 'metrics',
        format: request.format,
        ...(request.cohort ? { cohort: request.cohort } : {}),
      },
    });
    return {
      fileName: exportFileName(testId, null, request),
      rows: null,
      body: writeExport(
        request.format,
        'metrics',
        METRIC_COLUMNS,
        metricRows(deps, testId, request.cohort ?? 'all'),
      ),
    };
  }
  const { test, who } = await participantsOf(deps, actor, testId, request.participantId, request.cohort);
  await recordAudit(deps, context, {
    action: 'data_exported',
    companyId: test.companyId,
    testId,
    subject: request.participantId === undefined ? null : (who[0]?.subject ?? null),
    detail: {
      kind: request.kind,
      format: request.format,
      participants: who.length,
      ...(request.cohort ? { cohort: request.cohort } : {}),
    },
  });
  const [columns, rows]: [Column[], AsyncIterable<Cell[]>] =
    request.kind === 'samples'
      ? [SAMPLE_COLUMNS, sampleRows(deps, who)]
      : [EVENT_COLUMNS, participantEventRows(deps, who)];
  const count =
    request.kind === 'samples'
      ? await countSamples(
          deps.db,
          who.map((participant) => participant.id),
        )
      : null;
  const fileName = exportFileName(testId, request.participantId === undefined ? null : who[0], request);
  return { fileName, rows: count, body: writeExport(request.format, request.kind, columns, rows) };
}

/**
 * The export's file name: 'limbus-test-12-samples.csv', or for one participant its label
 * (participantLabel, issue 26: never its database id) as letters, digits, '.', '_' and '-' only,
 * so that no label can break the Content-Disposition header: 'limbus-test-12-P0001-events.json'.
 */
function exportFileName(
  testId: number,
  participant: { realId: string } | null | undefined,
  request: ExportRequest,
): string {
  const label = participant
    ? participantLabel({ real_id: participant.realId })
        .replace(/[^A-Za-z0-9._-]+/g, '-')
        .replace(/^[-.]+|-+$/g, '')
        .slice(0, 64) || 'participant'
    : '';
  return `limbus-test-${testId}${label ? `-${label}` : ''}-${request.kind}.${request.format}`;
}

async function participantsOf(
  deps: Deps,
  actor: Actor,
  testId: number,
  participantId: number | undefined,
  cohort: Cohort = 'all',
): Promise<{ test: { companyId: number }; who: (ParticipantRef & { subject: string })[] }> {
  const toRef = (row: { id: number; realId: string; auditSubject: string }) => ({
    id: row.id,
    realId: row.realId,
    subject: row.auditSubject,
  });
  if (participantId !== undefined) {
    const { test, participant } = await readableParticipant(deps, actor, testId, participantId);
    return { test, who: [toRef(participant)] };
  }
  const test = await resultsTestFor(deps, actor, testId);
  assertIndividualParticipants(actor, test);
  return { test, who: (await listParticipantRows(deps.db, testId, 'default', cohort)).map(toRef) };
}

async function* sampleRows(deps: Deps, participants: readonly ParticipantRef[]): AsyncGenerator<Cell[]> {
  for (const who of participants) {
    const eyes = await loadStream(deps, who.id, 'eyes');
    if (eyes?.kind === 'eyes') yield* gazeRows(who, eyes.samples);
    const mice = await loadStream(deps, who.id, 'mice');
    if (mice?.kind === 'mice') yield* mouseRows(who, mice.samples);
    const emotions = await loadStream(deps, who.id, 'emotions');
    if (emotions?.kind === 'emotions') yield* emotionRows(who, emotions.samples);
  }
}

async function* participantEventRows(
  deps: Deps,
  participants: readonly ParticipantRef[],
): AsyncGenerator<Cell[]> {
  for (const who of participants) {
    const eyes = await loadStream(deps, who.id, 'eyes');
    const points = await listSignificantPointRows(deps.db, who.id);
    const geometry = await participantGeometry(deps.db, who.id);
    yield* eventRows(who, eyes?.kind === 'eyes' ? eyes.samples : null, points, geometry);
  }
}

async function* metricRows(deps: Deps, testId: number, cohort: Cohort): AsyncGenerator<Cell[]> {
  const pages = await pageMetricsOf(deps, testId, cohort);
  yield* pageMetricRows(Array.isArray(pages) ? (pages as StoredPage[]) : []);
  const tags = await tagMetricsOf(deps, testId, cohort);
  yield* tagMetricRows(Array.isArray(tags) ? (tags as StoredTag[]) : []);
}
