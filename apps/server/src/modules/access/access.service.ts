import type { Readable } from 'node:stream';
import { ACCESS_EXPORT_FILES, CONSENT_METHOD_NAMES } from '@limbus/contract';
import type { Deps } from '../../deps.js';
import { notFound } from '../../http/app-error.js';
import { writeExport } from '../../http/export-writer.js';
import type { Actor } from '../../http/policy.js';
import { type AuditContext, recordAudit } from '../audit/audit.service.js';
import {
  EXPRESSION_COLUMNS,
  emotionRows,
  expressionRows,
  gazeRows,
  mouseRows,
  SAMPLE_COLUMNS,
} from '../exports/export-rows.js';
import { loadStream } from '../participants/participant-streams.js';
import {
  findParticipantRow,
  findStreamRows,
  type ParticipantRow,
  participantDetail,
} from '../participants/participants.service.js';
import { type RemoteSessionRecord, remoteSessionRecordOf } from '../remote-studies/remote-studies.service.js';
import { testFor } from '../test-access/test-access.service.js';
import { joinedTakeKeys } from '../voice/voice.service.js';
import { type ConsentHistoryRow, findTestName, listConsentHistoryRows } from './access.repository.js';
import { createZipStream, type ZipStream } from './zip-stream.js';

/**
 * The access export (GDPR Art. 15 and 20, docs/data-rights.md "Access"): everything held about one
 * participant as a ZIP, written while it is sent.
 */

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const fileSafe = (text: string) => text.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '') || 'participant';
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

function participantJson(
  participant: ParticipantRow,
  test: { id: number; name: string; companyId: number },
  remote: RemoteSessionRecord | null,
  at: Date,
) {
  return {
    export: {
      generated_at: at.toISOString(),
      note: 'Everything Limbus holds about this participant (GDPR Art. 15 and 20). See README.txt.',
    },
    test: { id: test.id, name: test.name, company_id: test.companyId },
    participant: {
      id: participant.id,
      real_id: participant.realId,
      pseudonym_in_audit_trail: participant.auditSubject,
      type: participant.type,
      source: participant.source,
      state: participant.state,
      demographic: participant.demographic,
      started_at: iso(participant.startedAt),
      ended_at: iso(participant.endedAt),
      total_clicks: participant.totalClicks,
      favourite: participant.favourite,
      excluded_from_metrics: participant.excludedFromMetrics,
      eeg_quality: participant.eegQuality,
      geometry: participant.geometry,
      validation_targets: participant.validationTargets,
      has_recording: participant.video !== null,
      removed_data: participant.removedData,
      created_at: iso(participant.createdAt),
      updated_at: iso(participant.updatedAt),
    },
    remote_session: remote && {
      cohort_id: remote.cohortId,
      panel_id: remote.externalId,
      started_at: iso(remote.createdAt),
      ended_at: iso(remote.endedAt),
      incomplete: remote.incomplete,
      validation_accuracy_deg: remote.validationAccuracyDeg,
      validation_precision_deg: remote.validationPrecisionDeg,
      tracking_ratio: remote.trackingRatio,
      sampling_rate_hz: remote.samplingRateHz,
      validations: remote.validations.map((validation) => ({
        attempt: validation.attempt,
        accuracy_deg: validation.accuracyDeg,
        precision_deg: validation.precisionDeg,
        accuracy_px: validation.accuracyPx,
        precision_px: validation.precisionPx,
        targets_used: validation.targetsUsed,
        px_per_degree: validation.pxPerDegree,
        verdict: validation.verdict,
        at: iso(validation.createdAt),
      })),
    },
  };
}

function consentJson(rows: readonly ConsentHistoryRow[]) {
  return {
    note:
      rows.length === 0
        ? 'No consent was recorded for this participant in Limbus.'
        : 'Oldest first; the last state is in force, the earlier ones are its history.',
    history: rows.map((row) => ({
      terms_version: row.version,
      terms_text: row.termsText,
      terms_streams: row.termsStreams,
      terms_purposes: row.termsPurposes,
      granted_streams: row.streams,
      granted_purposes: row.purposes,
      given_at: iso(row.givenAt),
      method: row.method,
      method_name: CONSENT_METHOD_NAMES[row.method] ?? row.method,
      recorded_by: row.recordedBy,
      recorded_at: iso(row.createdAt),
    })),
  };
}

function readme(participant: ParticipantRow, files: readonly string[], at: Date): string {
  const described = files.map((name) => {
    const folder = ['recording/', 'voice/'].find((prefix) => name.startsWith(prefix));
    const key = (folder ? `${folder}…` : name) as keyof typeof ACCESS_EXPORT_FILES;
    return `  ${name}\n      ${ACCESS_EXPORT_FILES[key] ?? ''}`;
  });
  return [
    `Access export of participant ${participant.realId} (Limbus id ${participant.id})`,
    `Made ${at.toISOString()} under GDPR Art. 15 (access) and Art. 20 (portability).`,
    '',
    'Files:',
    ...described,
    '',
    'Stream CSVs have one row per sample; the header names each column with its unit where it has one:',
    "times are milliseconds since 1970-01-01 UTC, gaze is in the eye tracker's 1920x1080 frame,",
    'mouse positions are viewport pixels, emotion scores run from 0 to 1 (docs/exports.md).',
    'Data removed earlier (by the retention policy or a withdrawal) is listed in participant.json',
    'under removed_data, with when and why.',
    '',
  ].join('\n');
}

/** Writes the archive's files one after the other; what the participant lacks is left out. */
async function writeArchive(
  deps: Deps,
  zip: ZipStream,
  participant: ParticipantRow,
  test: { id: number; name: string; companyId: number },
) {
  const at = deps.clock();
  const who = { id: participant.id, realId: participant.realId };
  const files: string[] = [];
  const [consent, remote, detail] = await Promise.all([
    listConsentHistoryRows(deps.db, participant.id),
    remoteSessionRecordOf(deps, participant.id),
    participantDetail(deps, participant, {
      associations: ['sections', 'significant_points', 'open_questions', 'evaluations', 'associations'],
      withVideo: false,
    }),
  ]);
  const video = participant.video ? await deps.files.openRead(participant.video) : null;
  const streams = [
    ['emotions', 'streams/emotions.csv'],
    ['eyes', 'streams/gaze.csv'],
    ['mice', 'streams/mouse.csv'],
    ['expressions', 'streams/expressions.csv'],
  ] as const;
  const stored = new Set(
    (
      await findStreamRows(
        deps.db,
        [participant.id],
        streams.map(([kind]) => kind),
      )
    ).map((row) => row.kind),
  );
  const present: string[] = streams.filter(([kind]) => stored.has(kind)).map(([, name]) => name);
  const recordingName =
    participant.video && video ? `recording/${participant.video.split('/').at(-1)}` : null;
  const voices = (await joinedTakeKeys(deps, participant.id)).map((key) => ({
    key,
    name: `voice/${key.split('/').at(-1)}`,
  }));
  files.push('participant.json', 'consent.json', ...present);
  if (recordingName) files.push(recordingName);
  files.push(...voices.map((voice) => voice.name));
  files.push('answers.json', 'comments.json');

  await zip.addText('README.txt', [readme(participant, files, at)]);
  await zip.addText('participant.json', [json(participantJson(participant, test, remote, at))]);
  await zip.addText('consent.json', [json(consentJson(consent))]);
  for (const [kind, name] of streams) {
    if (!present.includes(name)) continue;
    // One stream decoded at a time; its CSV is written in chunks as the rows are made.
    const stream = await loadStream(deps, participant.id, kind);
    if (!stream) continue;
    if (stream.kind === 'expressions') {
      const rows = expressionRows(who, stream.samples);
      await zip.addText(name, writeExport('csv', 'expressions', EXPRESSION_COLUMNS, toAsync(rows)));
      continue;
    }
    const rows =
      stream.kind === 'emotions'
        ? emotionRows(who, stream.samples)
        : stream.kind === 'eyes'
          ? gazeRows(who, stream.samples)
          : mouseRows(who, stream.samples);
    await zip.addText(name, writeExport('csv', 'samples', SAMPLE_COLUMNS, toAsync(rows)));
  }
  if (recordingName && video) await zip.addBytes(recordingName, video.body);
  for (const voice of voices) {
    const opened = await deps.files.openRead(voice.key);
    if (opened) await zip.addBytes(voice.name, opened.body);
  }
  await zip.addText('answers.json', [
    json({
      open_questions: detail.open_questions ?? [],
      evaluations: detail.evaluations ?? [],
      associations: detail.associations ?? [],
    }),
  ]);
  await zip.addText('comments.json', [
    json({ significant_points: detail.significant_points ?? [], sections: detail.sections ?? [] }),
  ]);
  await zip.finish();
}

async function* toAsync<T>(items: Iterable<T>): AsyncGenerator<T> {
  yield* items;
}

/**
 * The access export of a participant: for the provider's staff and researchers, and the admins of
 * the test's company (404 for an unknown test or participant, 403 for anyone else). The download
 * is audited before the first byte is sent; the archive is then written while it is read.
 */
export async function accessExport(
  deps: Deps,
  actor: Actor,
  context: AuditContext,
  testId: number,
  participantId: number,
): Promise<{ fileName: string; body: Readable }> {
  const test = await testFor(deps, actor, testId, 'participant.access_export');
  const participant = await findParticipantRow(deps.db, testId, participantId);
  if (!participant) throw notFound('The participant');
  await recordAudit(deps, context, {
    action: 'access_export_downloaded',
    companyId: test.companyId,
    testId,
    subject: participant.auditSubject,
  });
  const zip = createZipStream();
  const name = (await findTestName(deps.db, testId)) ?? '';
  writeArchive(deps, zip, participant, { id: test.id, name, companyId: test.companyId }).catch(
    (error: unknown) => {
      deps.log.error({ err: error, testId, participantId }, 'the access export failed midway');
      zip.fail(error instanceof Error ? error : new Error(String(error)));
    },
  );
  return { fileName: `participant-${fileSafe(participant.realId)}-access-export.zip`, body: zip.body };
}
