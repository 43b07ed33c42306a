import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  type Cohort,
  clipWindow,
  ESSENTIAL_INSIGHTS,
  type HeatmapPoints,
  type Insight,
  type NewShareLink,
  pseudonymiser,
  pseudonymsOf,
  SHARE_LINK_MESSAGES,
  SHARE_UNLOCK_HOURS,
  type SharedHeatmap,
  type SharedInsight,
  type SharedLink,
  type SharedOverview,
  type SharedPage,
  type SharedReel,
  type SharedTag,
  type ShareLink,
  type SignificantPoint,
  shareLinkPath,
} from '@limbus/contract';
import type { FastifyReply } from 'fastify';
import { hashOpaqueToken, newOpaqueToken } from '../../auth/opaque-tokens.js';
import { hashPassword, verifyPassword } from '../../auth/passwords.js';
import type { Deps } from '../../deps.js';
import { AppError, forbidden, notFound, unauthenticated } from '../../http/app-error.js';
import type { ShareGrant } from '../../http/authenticate.js';
import { type Actor, authorizeFound } from '../../http/policy.js';
import { sendStoredFile } from '../../http/send-stored-file.js';
import { listLabels, listTags } from '../annotations/annotations.service.js';
import { type AuditContext, recordAudit } from '../audit/audit.service.js';
import { participantsLeftOutOfReport } from '../consent/consent.service.js';
import { clientReelOf, sendReelFile } from '../evidence-reels/evidence-reels.service.js';
import { participantIdsOf } from '../heatmaps/heatmap-recordings.js';
import { heatmapOf, pagePointsOf } from '../heatmaps/heatmaps.service.js';
import { getInsight, listInsights } from '../insights/insights.service.js';
import { cohortParticipantIds, findParticipantRow } from '../participants/participants.service.js';
import { resultsTestFor, testFor } from '../test-access/test-access.service.js';
import { readTestDetail } from '../user-tests/user-tests.service.js';
import {
  linkStateOf,
  toSharedInsight,
  toSharedLink,
  toSharedPage,
  toSharedTag,
  toShareLink,
} from './share-links.mappers.js';
import {
  countViewRow,
  findLinkRow,
  findLinkRowByTokenHash,
  findTestInsight,
  insertLinkRow,
  listLinkRows,
  revokeLinkRow,
  type ShareLinkRow,
} from './share-links.repository.js';

/**
 * Share links (issue 29; docs/decisions/share-links.md): made by a test's company, read by
 * visitors without an account through the link's token, which grants its scope and nothing more.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const UNLOCK_MS = SHARE_UNLOCK_HOURS * 60 * 60 * 1000;

// ── the company's links ──

async function loadLink(deps: Pick<Deps, 'db'>, id: number): Promise<ShareLinkRow> {
  const row = await findLinkRow(deps.db, id);
  if (!row) throw notFound('The share link');
  return row;
}

/** A new link to a done test or one of its insights; its token is answered this once. */
export async function createShareLink(
  deps: Deps,
  actor: Actor,
  context: AuditContext,
  testId: number,
  input: NewShareLink,
): Promise<{ data: ShareLink; token: string; path: string }> {
  const test = await testFor(deps, actor, testId, 'share_link.create');
  if (test.state !== 'done') throw new AppError('conflict', SHARE_LINK_MESSAGES.notDone);
  const insight =
    input.insight_id === undefined ? null : await findTestInsight(deps.db, testId, input.insight_id);
  if (input.scope !== 'test' && !insight) throw notFound('The insight');
  // a visitor reads as a client user: an Essential test's extra findings are not theirs to read
  if (insight && test.testType === 'essential' && insight.assignedId > ESSENTIAL_INSIGHTS)
    throw forbidden(SHARE_LINK_MESSAGES.professionalInsight(insight.assignedId));
  // a reel link shares what the insight's clients see: a published reel whose file may be shown
  if (input.scope === 'reel' && !(insight && (await clientReelOf(deps, testId, insight.id))))
    throw new AppError('conflict', SHARE_LINK_MESSAGES.noPublishedReel);
  const { token, hash } = newOpaqueToken();
  const now = deps.clock();
  const id = await insertLinkRow(deps.db, {
    companyId: test.companyId,
    testId,
    scope: input.scope,
    insightId: insight?.id ?? null,
    tokenHash: hash,
    expiresAt: new Date(now.getTime() + input.expires_in_days * DAY_MS),
    passwordHash: input.password ? await hashPassword(input.password) : null,
    allowRecordings: input.allow_recordings,
    createdById: actor.id,
    createdAt: now,
  });
  await recordAudit(deps, context, {
    action: 'share_link_created',
    companyId: test.companyId,
    testId,
    detail: {
      link_id: id,
      scope: input.scope,
      insight: insight?.assignedId ?? null,
      expires_in_days: input.expires_in_days,
      password: input.password !== undefined && input.password !== '',
      allow_recordings: input.allow_recordings,
    },
  });
  return { data: toShareLink(await loadLink(deps, id), now), token, path: shareLinkPath(token) };
}

/** The company's links with their views and state: its admins and staff. */
export async function listShareLinks(deps: Deps, actor: Actor, companyId: number): Promise<ShareLink[]> {
  authorizeFound(actor, 'share_link.manage', 'The company', { id: companyId });
  const now = deps.clock();
  return (await listLinkRows(deps.db, companyId)).map((row) => toShareLink(row, now));
}

/** Revokes the link at once: its next request is answered as an expired one's. */
export async function revokeShareLink(
  deps: Deps,
  actor: Actor,
  context: AuditContext,
  id: number,
): Promise<void> {
  const row = await loadLink(deps, id);
  authorizeFound(actor, 'share_link.manage', 'The share link', { id: row.companyId });
  await revokeLinkRow(deps.db, id, deps.clock());
  await recordAudit(deps, context, {
    action: 'share_link_revoked',
    companyId: row.companyId,
    testId: row.testId,
    detail: { link_id: id },
  });
}

// ── the visitor's credential ──

/** An unlock is keyed by the link's password hash, which only the server holds. */
const unlockSignature = (row: Pick<ShareLinkRow, 'id' | 'passwordHash'>, expires: number) =>
  createHmac('sha256', row.passwordHash ?? '')
    .update(`limbus share unlock ${row.id}.${expires}`)
    .digest('base64url');

function isUnlockValid(row: ShareLinkRow, unlock: string | undefined, now: Date): boolean {
  const [expiresText, signature] = (unlock ?? '').split('.');
  const expires = Number(expiresText);
  if (!signature || !Number.isSafeInteger(expires) || expires * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(unlockSignature(row, expires));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const grantOf = (row: ShareLinkRow, unlocked: boolean): ShareGrant => ({
  linkId: row.id,
  companyId: row.companyId,
  testId: row.testId,
  scope: row.scope,
  insightId: row.insightId,
  expiresAt: row.expiresAt,
  hasPassword: row.passwordHash !== null,
  unlocked,
  allowRecordings: row.allowRecordings,
});

/** The grant of a live link's token (not revoked, not expired), or null (authenticate.ts). */
export async function findShareGrant(
  deps: Pick<Deps, 'db' | 'clock'>,
  token: string,
  unlock: string | undefined,
): Promise<ShareGrant | null> {
  const row = await findLinkRowByTokenHash(deps.db, hashOpaqueToken(token));
  const now = deps.clock();
  if (!row || linkStateOf(row, now) !== 'active') return null;
  return grantOf(row, row.passwordHash === null || isUnlockValid(row, unlock, now));
}

/** Opens a password-protected link for 24 h (never beyond the link's own expiry). */
export async function unlockSharedLink(
  deps: Deps,
  grant: ShareGrant,
  password: string,
): Promise<{ unlock_token: string; expires_at: number }> {
  const row = await loadLink(deps, grant.linkId);
  if (row.passwordHash === null) throw new AppError('conflict', SHARE_LINK_MESSAGES.noPassword);
  if (!(await verifyPassword(row.passwordHash, password)))
    throw AppError.fieldError('validation', 'password', SHARE_LINK_MESSAGES.wrongPassword);
  const until = Math.min(deps.clock().getTime() + UNLOCK_MS, row.expiresAt.getTime());
  const expires = Math.floor(until / 1000);
  return { unlock_token: `${expires}.${unlockSignature(row, expires)}`, expires_at: expires };
}

// ── what the visitor reads ──

/** Every view is audited, by the link (no person is known) and the visitor's address. */
const visitorContext = (grant: ShareGrant, address: string | null): AuditContext => ({
  actor: { id: null, label: `Share link ${grant.linkId}` },
  address,
});

async function auditView(deps: Deps, grant: ShareGrant, address: string | null, screen: string) {
  await recordAudit(deps, visitorContext(grant, address), {
    action: 'share_link_viewed',
    companyId: grant.companyId,
    testId: grant.testId,
    detail: { link_id: grant.linkId, screen },
  });
}

/**
 * The visitor reads as a plain client user of the test's company would (done tests only,
 * Professional data of Professional tests only), never as staff, through the same services.
 */
const visitorOf = (grant: ShareGrant): Actor => ({
  id: 0,
  role: 'company_member',
  companyId: grant.companyId,
  company: null,
});

function assertOpen(grant: ShareGrant): void {
  if (!grant.unlocked) throw unauthenticated(SHARE_LINK_MESSAGES.locked);
}

function assertTestScope(grant: ShareGrant): void {
  assertOpen(grant);
  if (grant.scope !== 'test') throw new AppError('not_found', SHARE_LINK_MESSAGES.outOfScope);
}

/** The shell of the visitor's page; opening an unlocked link (a GET, not a HEAD) counts as a view. */
export async function getSharedLink(
  deps: Deps,
  grant: ShareGrant,
  address: string | null,
  { countsView }: { countsView: boolean },
): Promise<SharedLink> {
  const row = await loadLink(deps, grant.linkId);
  if (grant.unlocked && countsView) {
    await countViewRow(deps.db, grant.linkId, deps.clock());
    await auditView(deps, grant, address, 'link');
  }
  const cohorts = grant.unlocked && grant.scope === 'test' ? await shownCohorts(deps, grant) : null;
  return toSharedLink(row, grant.unlocked, cohorts);
}

/** The finished participants the link shows (with their pseudonyms) and how many it leaves out. */
async function shownParticipants(deps: Deps, grant: ShareGrant) {
  await resultsTestFor(deps, visitorOf(grant), grant.testId);
  const [test, leftOut] = await Promise.all([
    readTestDetail(deps, grant.testId),
    participantsLeftOutOfReport(deps, grant.testId, 'main'),
  ]);
  const people = test.participants.filter((participant) => participant.type === 'default');
  const shown = people.filter((participant) => !leftOut.has(participant.id));
  const pseudonyms = pseudonymsOf(shown.map((participant) => participant.id));
  return {
    test,
    shown,
    leftOut: people.length - shown.length,
    pseudonyms,
    pseudonymise: pseudonymiser(people, pseudonyms),
  };
}

/** Of the participants a link shows, those of a cohort (all of them for `all`). */
async function ofCohort<P extends { id: number }>(
  deps: Deps,
  grant: ShareGrant,
  shown: readonly P[],
  cohort: Cohort,
): Promise<readonly P[]> {
  const ids = await cohortParticipantIds(deps, grant.testId, cohort);
  return ids ? shown.filter((participant) => ids.has(participant.id)) : shown;
}

/** How many participants a test link shows of each cohort (the shell's cohort filter). */
async function shownCohorts(deps: Deps, grant: ShareGrant) {
  const { shown } = await shownParticipants(deps, grant);
  const [lab, remote] = await Promise.all([
    ofCohort(deps, grant, shown, 'lab'),
    ofCohort(deps, grant, shown, 'remote'),
  ]);
  return { lab: lab.length, remote: remote.length };
}

export async function getSharedOverview(
  deps: Deps,
  grant: ShareGrant,
  address: string | null,
  cohort: Cohort = 'all',
): Promise<SharedOverview> {
  assertTestScope(grant);
  const link = await shownParticipants(deps, grant);
  const { test, leftOut } = link;
  const shown = await ofCohort(deps, grant, link.shown, cohort);
  const insights = await listInsights(deps, visitorOf(grant), grant.testId);
  await auditView(deps, grant, address, 'overview');
  const times = shown.flatMap((participant) =>
    participant.started_at !== null && participant.ended_at !== null
      ? [participant.ended_at - participant.started_at]
      : [],
  );
  return {
    name: test.name,
    test_type: test.test_type,
    platform: test.platform,
    scenario: test.scenario,
    started_at: test.started_at,
    ended_at: test.ended_at,
    participants: shown.length,
    left_out: leftOut,
    average_seconds:
      times.length === 0 ? null : Math.round(times.reduce((sum, time) => sum + time, 0) / times.length),
    insights: insights.length,
  };
}

// ── the clip of an insight's highlighted moment (a link that lets recordings be played) ──

const clipPath = (linkId: number, assignedId: number) =>
  `/api/v1/shared/links/${linkId}/insights/${assignedId}/video`;

type ClipSource = { video: string; point: SignificantPoint; startedAt: Date };

/**
 * What an insight's clip plays, for a link that lets recordings be played: the recording of its
 * highlighted point's participant, when the link shows that participant and they consented to
 * their screen recording in the report; else null.
 */
function clipSources(deps: Deps, grant: ShareGrant, pseudonyms: ReadonlyMap<number, string>) {
  const withoutScreen = grant.allowRecordings
    ? participantsLeftOutOfReport(deps, grant.testId, 'screen')
    : Promise.resolve(null);
  return async (insight: Insight): Promise<ClipSource | null> => {
    const leftOut = await withoutScreen;
    const point = insight.significant_points.find((candidate) => candidate.id === insight.highlight_id);
    if (!leftOut || !point || !pseudonyms.has(point.participant_id) || leftOut.has(point.participant_id))
      return null;
    const participant = await findParticipantRow(deps.db, grant.testId, point.participant_id);
    if (!participant?.video || !participant.startedAt) return null;
    return { video: participant.video, point, startedAt: participant.startedAt };
  };
}

/** The visitor's insights with their clips, as one link shows them. */
async function sharedInsightsOf(
  deps: Deps,
  grant: ShareGrant,
  insights: Insight[],
): Promise<SharedInsight[]> {
  const { pseudonyms, pseudonymise } = await shownParticipants(deps, grant);
  const sourceOf = clipSources(deps, grant, pseudonyms);
  return Promise.all(
    insights.map(async (insight) => {
      const source = await sourceOf(insight);
      const clip = source
        ? {
            video: deps.signedUrls.sign(clipPath(grant.linkId, insight.assigned_id), deps.clock()),
            ...clipWindow(source.point.timestamp_top, source.startedAt.getTime() / 1000),
          }
        : null;
      return toSharedInsight(insight, pseudonyms, pseudonymise, clip);
    }),
  );
}

/** Sends the clip's recording while the link is live (a revoked link's clip URL is refused at once). */
export async function sendSharedClip(
  deps: Deps,
  reply: FastifyReply,
  linkId: number,
  assignedId: number,
  range: string | undefined,
): Promise<FastifyReply> {
  const row = await findLinkRow(deps.db, linkId);
  if (!row || linkStateOf(row, deps.clock()) !== 'active')
    throw new AppError('not_found', SHARE_LINK_MESSAGES.gone);
  const grant = grantOf(row, true);
  const insight = (await listInsights(deps, visitorOf(grant), grant.testId)).find(
    (candidate) =>
      candidate.assigned_id === assignedId &&
      (grant.scope === 'test' || (grant.scope === 'insight' && candidate.id === grant.insightId)),
  );
  const { pseudonyms } = await shownParticipants(deps, grant);
  const source = insight ? await clipSources(deps, grant, pseudonyms)(insight) : null;
  if (!source) throw notFound('The clip');
  return sendStoredFile(reply, deps.files, source.video, 'The clip', range);
}

export async function listSharedInsights(
  deps: Deps,
  grant: ShareGrant,
  address: string | null,
): Promise<SharedInsight[]> {
  assertTestScope(grant);
  const insights = await listInsights(deps, visitorOf(grant), grant.testId);
  await auditView(deps, grant, address, 'insights');
  return sharedInsightsOf(deps, grant, insights);
}

/**
 * One insight by its number: any of a test link's, only its own of an insight link's (as a client
 * reads them: an Essential test's first ones only).
 */
export async function getSharedInsight(
  deps: Deps,
  grant: ShareGrant,
  address: string | null,
  assignedId: number,
): Promise<SharedInsight> {
  assertOpen(grant);
  const insights = await listInsights(deps, visitorOf(grant), grant.testId);
  const found = insights.find((insight) => insight.assigned_id === assignedId);
  const inScope = grant.scope === 'test' || (grant.scope === 'insight' && found?.id === grant.insightId);
  if (!found || !inScope) throw new AppError('not_found', SHARE_LINK_MESSAGES.outOfScope);
  await auditView(deps, grant, address, `insight ${assignedId}`);
  const [shared] = await sharedInsightsOf(deps, grant, [found]);
  if (!shared) throw new AppError('not_found', SHARE_LINK_MESSAGES.outOfScope);
  return shared;
}

// ── the published evidence reel of a reel link's insight ──

const reelPath = (linkId: number) => `/api/v1/shared/links/${linkId}/reel/video`;

/**
 * The reel a reel link shares, as the insight's clients see it (published, and every participant
 * in its file still shown), read as a client of the test's company reads the insight; else 404.
 */
async function sharedReelOf(deps: Deps, grant: ShareGrant) {
  if (grant.scope !== 'reel' || grant.insightId === null)
    throw new AppError('not_found', SHARE_LINK_MESSAGES.outOfScope);
  const insight = await getInsight(deps, visitorOf(grant), grant.testId, grant.insightId);
  const shown = await clientReelOf(deps, grant.testId, grant.insightId);
  if (!shown) throw new AppError('not_found', SHARE_LINK_MESSAGES.reelNotShown);
  return { insight, ...shown };
}

export async function getSharedReel(
  deps: Deps,
  grant: ShareGrant,
  address: string | null,
): Promise<SharedReel> {
  assertOpen(grant);
  const { insight, reel, subjects } = await sharedReelOf(deps, grant);
  await auditView(deps, grant, address, 'reel');
  return {
    insight_assigned_id: insight.assigned_id,
    insight_title: subjects.pseudonymise(insight.title),
    participants: subjects.counted,
    total_participants: subjects.shownTotal,
    left_out: reel.leftOut,
    clips: reel.renderedPointIds.length,
    // signed while answering the visitor: it expires no later than the link (authenticate.ts)
    video: `${deps.signedUrls.sign(reelPath(grant.linkId), deps.clock())}&v=${reel.updatedAt.getTime()}`,
  };
}

/**
 * A reel link's MP4 by its signed URL, while the link is live and its reel still shown to clients
 * (each request reads both again: revoking, unpublishing or a withdrawn consent stop it at once).
 * Not audited request by request (a video loads by many range requests): `GET /shared/reel` is.
 */
export async function sendSharedReel(
  deps: Deps,
  reply: FastifyReply,
  linkId: number,
  range: string | undefined,
): Promise<FastifyReply> {
  const row = await findLinkRow(deps.db, linkId);
  if (!row || linkStateOf(row, deps.clock()) !== 'active')
    throw new AppError('not_found', SHARE_LINK_MESSAGES.gone);
  const { reel } = await sharedReelOf(deps, grantOf(row, true));
  return sendReelFile(deps, reply, reel.fileKey, range);
}

/**
 * Stored aggregates count every participant: a link shows them only while nobody of the test is
 * left out of the report for their stream (as norms leave such a test out; docs/decisions/data-rights.md).
 */
async function assertAggregateShown(
  deps: Deps,
  grant: ShareGrant,
  stream: 'emotions' | 'eyes',
  what: string,
) {
  if ((await participantsLeftOutOfReport(deps, grant.testId, stream)).size > 0)
    throw new AppError('conflict', SHARE_LINK_MESSAGES.withheld(what));
}

export async function listSharedPages(
  deps: Deps,
  grant: ShareGrant,
  address: string | null,
  cohort: Cohort = 'all',
): Promise<SharedPage[]> {
  assertTestScope(grant);
  const { data } = await listLabels(deps, visitorOf(grant), grant.testId, cohort);
  await assertAggregateShown(deps, grant, 'emotions', 'Pages');
  await auditView(deps, grant, address, 'pages');
  return data.labels.map(toSharedPage);
}

export async function listSharedTags(
  deps: Deps,
  grant: ShareGrant,
  address: string | null,
  cohort: Cohort = 'all',
): Promise<SharedTag[]> {
  assertTestScope(grant);
  const { tags } = await listTags(deps, visitorOf(grant), grant.testId, cohort);
  await assertAggregateShown(deps, grant, 'emotions', 'Tags');
  await auditView(deps, grant, address, 'tags');
  return tags.map(toSharedTag);
}

export async function listSharedHeatmaps(
  deps: Deps,
  grant: ShareGrant,
  address: string | null,
): Promise<SharedHeatmap[]> {
  assertTestScope(grant);
  const { test } = await shownParticipants(deps, grant);
  await assertAggregateShown(deps, grant, 'eyes', 'Heatmaps');
  await auditView(deps, grant, address, 'heatmaps');
  return test.heatmaps.map((page) => ({
    id: page.id,
    name: page.name,
    screenshot: page.screenshot,
    screenshot_width: page.screenshot_width,
    screenshot_height: page.screenshot_height,
  }));
}

/**
 * The gaze on one heatmap page of the link's test, computed as the users' points are, over the
 * participants the link shows (withheld as the pages' list is while anybody lacks gaze consent).
 */
export async function sharedHeatmapPoints(
  deps: Deps,
  grant: ShareGrant,
  address: string | null,
  heatmapId: number,
  cohort: Cohort = 'all',
): Promise<HeatmapPoints> {
  assertTestScope(grant);
  const { test, shown } = await shownParticipants(deps, grant);
  await assertAggregateShown(deps, grant, 'eyes', 'Heatmaps');
  const page = await heatmapOf(deps, grant.testId, heatmapId);
  const shownIds = new Set(shown.map((participant) => participant.id));
  const ids = (await participantIdsOf(deps, grant.testId, undefined, cohort)).filter((id) =>
    shownIds.has(id),
  );
  await auditView(deps, grant, address, `heatmap ${heatmapId}`);
  return pagePointsOf(deps, test, page, ids, { kind: 'gaze' });
}
