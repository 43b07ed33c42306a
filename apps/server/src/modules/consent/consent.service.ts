import {
  CONSENT_MESSAGES,
  CONSENT_PURPOSE_NAMES,
  CONSENT_PURPOSES,
  CONSENT_STREAM_NAMES,
  CONSENT_STREAMS,
  type ConsentGrant,
  type ConsentMethod,
  type ConsentPurpose,
  type ConsentStream,
  type ConsentTerms,
  type CreateConsentTermsInput,
  type ParticipantConsent,
  participantLabel,
  REEL_MESSAGES,
  type WithdrawConsentInput,
} from '@limbus/contract';
import type { Deps } from '../../deps.js';
import { removeFilesAfterCommit } from '../../files/remove-files-after-commit.js';
import { AppError, forbidden } from '../../http/app-error.js';
import { type Actor, authorize } from '../../http/policy.js';
import { type AuditContext, recordAudit } from '../audit/audit.service.js';
import { readableParticipant } from '../participants/participants.service.js';
import { testFor } from '../test-access/test-access.service.js';
import { inOrder, toConsentRecord, toConsentTerms } from './consent.mappers.js';
import {
  type ConsentRecordRow,
  dropReelFilesShowing,
  findCurrentRecordRow,
  findTermsRow,
  findTestCompanyId,
  insertNextTermsRow,
  insertRecordRow,
  listRecordRows,
  listTermsRows,
  participantIdsWithout,
  testHasTerms,
} from './consent.repository.js';

/**
 * Consent (docs/data-rights.md, docs/decisions/data-rights.md): a test's terms in versions, each
 * participant's consent records (the newest is in force), and the rules other modules apply with
 * it: ingestion refuses a stream that was not granted, norms, benchmarks and AI prompts leave out
 * whoever did not grant their purpose.
 */

type ConsentDeps = Pick<Deps, 'db' | 'clock'>;

/** The participant a consent is about, as ingestion and the research area know it. */
export type ConsentSubject = { id: number; testId: number; realId: string; auditSubject: string };

// ── terms ──

export async function listConsentTerms(deps: Deps, actor: Actor, testId: number): Promise<ConsentTerms[]> {
  await testFor(deps, actor, testId);
  return (await listTermsRows(deps.db, testId)).map(toConsentTerms);
}

/** The test's terms in force (the newest version), or null: what a remote study's participant consents to. */
export async function currentConsentTerms(
  deps: Pick<Deps, 'db'>,
  testId: number,
): Promise<ConsentTerms | null> {
  const [newest] = await listTermsRows(deps.db, testId);
  return newest ? toConsentTerms(newest) : null;
}

/** A new version of the terms: the next number, the earlier versions and the consents given under them stay. */
export async function createConsentTerms(
  deps: Deps,
  actor: Actor,
  testId: number,
  input: CreateConsentTermsInput,
): Promise<ConsentTerms> {
  await testFor(deps, actor, testId, 'consent.manage');
  const version = await insertNextTermsRow(deps.db, {
    testId,
    text: input.text,
    streams: inOrder(CONSENT_STREAMS, input.streams),
    purposes: inOrder(CONSENT_PURPOSES, input.purposes),
    createdById: actor.id,
  });
  const row = await findTermsRow(deps.db, testId, version);
  if (!row) throw new Error('The new consent terms are missing');
  return toConsentTerms(row);
}

// ── a participant's consent ──

async function consentOf(deps: Pick<Deps, 'db'>, participant: { id: number; testId: number }) {
  const rows = await listRecordRows(deps.db, participant.id);
  const history = rows.map(toConsentRecord);
  return {
    current: history[0] ?? null,
    history,
    has_terms: await testHasTerms(deps.db, participant.testId),
  } satisfies ParticipantConsent;
}

export async function getParticipantConsent(
  deps: Deps,
  actor: Actor,
  testId: number,
  participantId: number,
): Promise<ParticipantConsent> {
  const { participant } = await readableParticipant(deps, actor, testId, participantId);
  return consentOf(deps, participant);
}

/**
 * The terms version of a grant, checked: it exists, covers what is granted, and was not given in
 * the future (400 naming the field); a remote study's join checks its consent with it first.
 */
export async function termsForGrant(deps: ConsentDeps, testId: number, grant: ConsentGrant) {
  const terms = await findTermsRow(deps.db, testId, grant.version);
  if (!terms)
    throw AppError.fieldError('validation', 'version', CONSENT_MESSAGES.unknownVersion(grant.version));
  const streams = grant.streams.filter((stream) => !terms.streams.includes(stream));
  if (streams.length > 0)
    throw AppError.fieldError(
      'validation',
      'streams',
      CONSENT_MESSAGES.notInTerms(streams.map((s) => CONSENT_STREAM_NAMES[s]).join(', '), grant.version),
    );
  const purposes = grant.purposes.filter((purpose) => !terms.purposes.includes(purpose));
  if (purposes.length > 0)
    throw AppError.fieldError(
      'validation',
      'purposes',
      CONSENT_MESSAGES.notInTerms(purposes.map((p) => CONSENT_PURPOSE_NAMES[p]).join(', '), grant.version),
    );
  // A minute of leeway for the clocks of recorders and browsers.
  if (grant.given_at * 1000 > deps.clock().getTime() + 60_000)
    throw AppError.fieldError('validation', 'given_at', CONSENT_MESSAGES.inFuture);
  return terms;
}

async function auditConsent(
  deps: ConsentDeps,
  context: AuditContext,
  participant: ConsentSubject,
  companyId: number | null,
  detail: { method: ConsentMethod; version: number; streams: ConsentStream[]; purposes: ConsentPurpose[] },
) {
  await recordAudit(deps, context, {
    action: 'consent_changed',
    companyId,
    testId: participant.testId,
    subject: participant.auditSubject,
    detail: {
      method: detail.method,
      version: detail.version,
      streams: detail.streams.join(','),
      purposes: detail.purposes.join(','),
    },
  });
}

/** Records a consent given to the lab recorder, with an import or on paper; it is in force from now on. */
export async function giveConsent(
  deps: ConsentDeps,
  context: AuditContext,
  participant: ConsentSubject,
  grant: ConsentGrant,
  method: Exclude<ConsentMethod, 'withdrawal'>,
): Promise<void> {
  const terms = await termsForGrant(deps, participant.testId, grant);
  const streams = inOrder(CONSENT_STREAMS, grant.streams);
  const purposes = inOrder(CONSENT_PURPOSES, grant.purposes);
  const givenAt = new Date(grant.given_at * 1000);
  // A recorder or an import that retries sends the same consent again: it was recorded, and what
  // came after it (a withdrawal, a paper consent) stays in force.
  if (method !== 'paper') {
    const history = await listRecordRows(deps.db, participant.id);
    if (history.some((row) => isSameGrant(row, terms.id, streams, purposes, givenAt, method))) return;
  }
  await insertRecordRow(deps.db, {
    participantId: participant.id,
    termsId: terms.id,
    streams,
    purposes,
    givenAt,
    method,
    recordedById: context.actor?.id ?? null,
  });
  await auditConsent(deps, context, participant, await findTestCompanyId(deps.db, participant.testId), {
    method,
    version: terms.version,
    streams,
    purposes,
  });
}

const isSameGrant = (
  row: ConsentRecordRow,
  termsId: number,
  streams: ConsentStream[],
  purposes: ConsentPurpose[],
  givenAt: Date,
  method: ConsentMethod,
) =>
  row.termsId === termsId &&
  row.method === method &&
  row.givenAt.getTime() === givenAt.getTime() &&
  inOrder(CONSENT_STREAMS, row.streams).join() === streams.join() &&
  inOrder(CONSENT_PURPOSES, row.purposes).join() === purposes.join();

/** A consent a researcher enters from paper. */
export async function recordPaperConsent(
  deps: Deps,
  actor: Actor,
  context: AuditContext,
  testId: number,
  participantId: number,
  grant: ConsentGrant,
): Promise<ParticipantConsent> {
  const { test, participant } = await readableParticipant(deps, actor, testId, participantId);
  authorize(actor, 'consent.manage', test);
  const before = await findCurrentRecordRow(deps.db, participant.id);
  const reelFiles = await deps.db.transaction(async (tx) => {
    await giveConsent({ ...deps, db: tx }, context, participant, grant, 'paper');
    // A paper consent that grants less than the one in force withdraws the rest.
    const streamsOut = before?.streams.filter((stream) => !grant.streams.includes(stream)) ?? [];
    const purposesOut = before?.purposes.filter((purpose) => !grant.purposes.includes(purpose)) ?? [];
    return showsInReels(streamsOut, purposesOut)
      ? dropReelFilesShowing(tx, participant.id, REEL_MESSAGES.consentWithdrawn)
      : [];
  });
  await removeFilesAfterCommit(deps, reelFiles, REEL_FILE_REMAINS);
  return consentOf(deps, participant);
}

const REEL_FILE_REMAINS = 'the file of an evidence reel whose consent was withdrawn remains';

/** Withdraws streams or purposes from the consent in force: a new record with less granted, in force at once. */
export async function withdrawConsent(
  deps: Deps,
  actor: Actor,
  context: AuditContext,
  testId: number,
  participantId: number,
  input: WithdrawConsentInput,
): Promise<ParticipantConsent> {
  const { test, participant } = await readableParticipant(deps, actor, testId, participantId);
  authorize(actor, 'consent.manage', test);
  const current = await findCurrentRecordRow(deps.db, participant.id);
  if (!current) throw new AppError('conflict', CONSENT_MESSAGES.nothingToWithdraw);
  const streamsOut = input.streams ?? [];
  const purposesOut = input.purposes ?? [];
  const notGranted = [
    ...streamsOut.filter((s) => !current.streams.includes(s)).map((s) => CONSENT_STREAM_NAMES[s]),
    ...purposesOut.filter((p) => !current.purposes.includes(p)).map((p) => CONSENT_PURPOSE_NAMES[p]),
  ];
  if (notGranted.length > 0)
    throw new AppError('conflict', CONSENT_MESSAGES.notGranted(notGranted.join(', ')));
  const streams = inOrder(
    CONSENT_STREAMS,
    current.streams.filter((s) => !streamsOut.includes(s)),
  );
  const purposes = inOrder(
    CONSENT_PURPOSES,
    current.purposes.filter((p) => !purposesOut.includes(p)),
  );
  const reelFiles = await deps.db.transaction(async (tx) => {
    await insertRecordRow(tx, {
      participantId: participant.id,
      termsId: current.termsId,
      streams,
      purposes,
      givenAt: deps.clock(),
      method: 'withdrawal',
      recordedById: actor.id,
    });
    return showsInReels(streamsOut, purposesOut)
      ? dropReelFilesShowing(tx, participant.id, REEL_MESSAGES.consentWithdrawn)
      : [];
  });
  // A reel's MP4 holds what was withdrawn: deleted at once, not at the next render.
  await removeFilesAfterCommit(
    deps,
    reelFiles,
    'the file of an evidence reel whose consent was withdrawn remains',
  );
  await recordAudit(deps, context, {
    action: 'consent_changed',
    companyId: test.companyId,
    testId,
    subject: participant.auditSubject,
    detail: {
      method: 'withdrawal',
      version: current.version,
      withdrawn_streams: streamsOut.join(','),
      withdrawn_purposes: purposesOut.join(','),
      streams: streams.join(','),
      purposes: purposes.join(','),
    },
  });
  return consentOf(deps, participant);
}

/**
 * What an evidence reel's file shows of a participant (docs/decisions/share-links.md): their screen,
 * gaze trail, pointer, voice and emotion lane, for the client's report. The answers and the other
 * purposes are not in it.
 */
const REEL_STREAMS: readonly ConsentStream[] = ['screen', 'eyes', 'mice', 'voice', 'emotions'];
const showsInReels = (streams: readonly ConsentStream[], purposes: readonly ConsentPurpose[]) =>
  streams.some((stream) => REEL_STREAMS.includes(stream)) || purposes.includes('report');

// ── what other modules ask ──

/**
 * Refuses data of `stream` for the participant unless its consent in force grants it (403, naming
 * the stream and the version). A test without terms (a legacy test) takes every stream; on a test
 * with terms a participant without any consent record is refused.
 */
export async function assertStreamConsented(
  deps: Pick<Deps, 'db'>,
  participant: Pick<ConsentSubject, 'id' | 'testId' | 'realId'>,
  stream: ConsentStream,
): Promise<void> {
  const current = await findCurrentRecordRow(deps.db, participant.id);
  if (!current) {
    if (await testHasTerms(deps.db, participant.testId))
      throw forbidden(CONSENT_MESSAGES.noConsent(participantLabel({ real_id: participant.realId })));
    return;
  }
  if (!current.streams.includes(stream))
    throw forbidden(
      CONSENT_MESSAGES.streamRefused(
        participantLabel({ real_id: participant.realId }),
        stream,
        current.version,
      ),
    );
}

/**
 * The streams the participant's data may be stored for, in one read: its consent in force's; with
 * no consent record, every stream on a test without terms (a legacy test) and none on one with terms.
 */
export async function consentedStreams(
  deps: Pick<Deps, 'db'>,
  participant: Pick<ConsentSubject, 'id' | 'testId'>,
): Promise<readonly ConsentStream[]> {
  const current = await findCurrentRecordRow(deps.db, participant.id);
  if (current) return current.streams;
  return (await testHasTerms(deps.db, participant.testId)) ? [] : CONSENT_STREAMS;
}

/** Whether the participant's data may be stored for `stream` (assertStreamConsented without the throw). */
export async function isStreamConsented(
  deps: Pick<Deps, 'db'>,
  participant: Pick<ConsentSubject, 'id' | 'testId'>,
  stream: ConsentStream,
): Promise<boolean> {
  return (await consentedStreams(deps, participant)).includes(stream);
}

/**
 * The participants of `testIds` whose data may not serve `purpose` (norms and benchmarks, AI
 * prompts): on a test with terms, those whose consent in force lacks it or who have none.
 */
export async function participantsWithoutPurpose(
  deps: Pick<Deps, 'db'>,
  testIds: readonly number[],
  purpose: ConsentPurpose,
): Promise<Set<number>> {
  return new Set((await participantIdsWithout(deps.db, testIds, purpose)).map((row) => row.id));
}

/**
 * The participants of the test whose `stream` may not be shown in the client's report (purpose
 * 'report'): a share link leaves them out (docs/decisions/share-links.md). `main` is each
 * participant's own main stream: EEG emotions for the lab's, gaze for a webcam participant's,
 * who has no EEG and never consents to it.
 */
export async function participantsLeftOutOfReport(
  deps: Pick<Deps, 'db'>,
  testId: number,
  stream: ConsentStream | 'main',
): Promise<Set<number>> {
  return new Set((await participantIdsWithout(deps.db, [testId], 'report', stream)).map((row) => row.id));
}

/**
 * Of the tests `testIds`, those that hold a participant whose data may not serve `purpose`. The
 * norms and benchmarks compare tests by their stored aggregates, which count every participant:
 * such a test is left out of the norms until nobody in it is without the purpose
 * (docs/decisions/data-rights.md).
 */
export async function testsWithoutPurpose(
  deps: Pick<Deps, 'db'>,
  testIds: readonly number[],
  purpose: ConsentPurpose,
): Promise<Set<number>> {
  return new Set((await participantIdsWithout(deps.db, testIds, purpose)).map((row) => row.testId));
}
