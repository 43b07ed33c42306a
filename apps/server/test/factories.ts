import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ConsentPurpose, ConsentStream, Role } from '@limbus/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { newOpaqueToken } from '../src/auth/opaque-tokens.js';
import { hashPassword } from '../src/auth/passwords.js';
import type { Database } from '../src/db/client.js';
import {
  bundles,
  companies,
  consentTerms,
  contracts,
  evidenceReels,
  insightSignificantPoints,
  insights,
  participants,
  remoteCohorts,
  remoteSessions,
  shareLinks,
  significantPoints,
  tests,
  videoCohortHeatmaps,
} from '../src/db/schema.js';
import type { FileStore } from '../src/files/file-store.js';
import { runFfmpeg } from '../src/media/ffmpeg.js';
import { addMonths, toIsoDate } from '../src/modules/contracts/contract-rules.js';
import { type RecordingInput, recordParticipant } from '../src/modules/participants/record-participant.js';
import { insertUser } from '../src/modules/users/users.repository.js';
import { type RecordingShape, syntheticRecording } from './synthetic-streams.js';

export const PASSWORD = 'correct-horse';
let sequence = 0;
const next = () => ++sequence;
/** Starts the seeds of the synthetic recordings again, as a fresh import of this module does. */
export function restartFactorySeeds(): void {
  sequence = 0;
}
let passwordHash: Promise<string> | undefined;

export async function buildCompany(
  db: Database,
  overrides: Partial<typeof companies.$inferInsert> = {},
): Promise<typeof companies.$inferSelect> {
  const [company] = await db
    .insert(companies)
    .values({
      name: `Company ${next()}`,
      address: 'Street 1',
      postalCode: '1000 AA',
      city: 'Amsterdam',
      ...overrides,
    })
    .returning();
  if (!company) throw new Error('no company');
  return company;
}

/** The standard cast: demo company, provider company, a client company with an active contract. */
export async function buildWorld(db: Database) {
  const demo = await buildCompany(db, { name: 'Demo', isDemo: true });
  const provider = await buildCompany(db, {
    name: 'Provider',
    isProvider: true,
    licenceAnalysis: true,
    licenceResearch: true,
  });
  const client = await buildCompany(db, { name: 'Client Co' });
  const other = await buildCompany(db, { name: 'Other Co' });
  await buildContract(db, client.id);
  await buildContract(db, other.id);
  return {
    demo,
    provider,
    client,
    other,
    superAdmin: await buildUser(db, { role: 'admin', companyId: provider.id }),
    staff: await buildUser(db, { role: 'company_admin', companyId: provider.id }),
    clientAdmin: await buildUser(db, { role: 'company_admin', companyId: client.id }),
    clientMember: await buildUser(db, { role: 'company_member', companyId: client.id }),
    otherAdmin: await buildUser(db, { role: 'company_admin', companyId: other.id }),
    demoUser: await buildUser(db, { role: 'demo', companyId: demo.id }),
  };
}

export async function buildUser(
  db: Database,
  options: {
    role: Role;
    companyId: number | null;
    email?: string;
    confirmed?: boolean;
    password?: string | null;
  },
) {
  passwordHash ??= hashPassword(PASSWORD);
  const email = options.email ?? `user${next()}@example.test`;
  const id = await insertUser(db, {
    email,
    role: options.role,
    companyId: options.companyId,
    passwordHash:
      options.password === null
        ? null
        : options.password
          ? await hashPassword(options.password)
          : await passwordHash,
    confirmedAt: options.confirmed === false ? null : new Date(),
    firstName: 'First',
    lastName: `Last${sequence}`,
  });
  return { id, email, role: options.role, companyId: options.companyId };
}

/** A contract running from three months ago to nine months ahead, with tests of both types. */
export async function buildContract(
  db: Database,
  companyId: number,
  options: { startDate?: string; endDate?: string; essential?: number; professional?: number } = {},
) {
  const today = toIsoDate(new Date());
  const [contract] = await db
    .insert(contracts)
    .values({
      companyId,
      startDate: options.startDate ?? addMonths(today, -3),
      endDate: options.endDate ?? addMonths(today, 9),
    })
    .returning();
  if (!contract) throw new Error('no contract');
  await db.insert(bundles).values([
    { contractId: contract.id, testType: 'essential', tests: options.essential ?? 2 },
    { contractId: contract.id, testType: 'professional', tests: options.professional ?? 3 },
  ]);
  return contract;
}

/** A test whose results every reader of it may read: done, Professional. */
export const RESULTS_READY = { state: 'done', testType: 'professional' } as const;

export async function buildTest(
  db: Database,
  companyId: number,
  overrides: Partial<typeof tests.$inferInsert> = {},
) {
  const [test] = await db
    .insert(tests)
    .values({ name: `Test ${next()}`, companyId, ...overrides })
    .returning();
  if (!test) throw new Error('no test');
  return test;
}

/**
 * A participant of a test, recorded through `recordParticipant` with a short synthetic
 * recording (10 s: 100 emotion, 600 gaze, 500 mouse samples) unless `overrides.streams` says
 * otherwise. Answers the id and what was recorded, to compare answers with.
 */
export async function buildParticipant(
  t: { db: Database; files: FileStore },
  testId: number,
  overrides: Partial<RecordingInput> & { recording?: RecordingShape } = {},
) {
  const { recording: shape, ...input } = overrides;
  const startMs = shape?.startMs ?? Date.UTC(2026, 0, 12, 9, 30);
  const durationMs = shape?.durationMs ?? 10_000;
  const recording = syntheticRecording({ mouseSamples: 500, seed: next(), ...shape, startMs, durationMs });
  const values: RecordingInput = {
    realId: `participant-${next()}`,
    demographic: { age: 34, gender: 'female', education: 'University' },
    startedAt: new Date(startMs),
    endedAt: new Date(startMs + durationMs),
    totalClicks: recording.mice.samples.click.reduce((sum, value) => sum + value, 0),
    streams: [recording.emotions, recording.eyes, recording.mice],
    ...input,
  };
  const { id } = await recordParticipant(t, testId, values);
  return { id, input: values, recording };
}

/** The first bytes of an MP4 (an `ftyp` box): enough for the content checks, not a playable video. */
export const MP4_HEAD = Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex');

/** A real 10 s screen recording (320×180 at 10 fps, H.264), small to keep the tests that decode it fast. */
export async function tinyScreenRecording(): Promise<Buffer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'limbus-recording-'));
  try {
    const file = path.join(dir, 'recording.mp4');
    await runFfmpeg([
      ...['-f', 'lavfi', '-i', 'testsrc=size=320x180:rate=10:duration=10'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-y', file],
    ]);
    return fs.readFileSync(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Stores `bytes` as the recording of a participant or the video of a test; answers the file key. */
export async function giveVideo(
  t: { db: Database; files: FileStore },
  owner: { participantId: number } | { testId: number },
  bytes: Uint8Array = Buffer.concat([MP4_HEAD, Buffer.alloc(1000, 7)]),
): Promise<string> {
  if ('participantId' in owner) {
    const key = `videos/${owner.participantId}.mp4`;
    await t.files.put(key, bytes);
    await t.db.update(participants).set({ video: key }).where(eq(participants.id, owner.participantId));
    return key;
  }
  const key = `test-videos/${owner.testId}.mp4`;
  await t.files.put(key, bytes);
  await t.db.update(tests).set({ video: key }).where(eq(tests.id, owner.testId));
  return key;
}

/** A video result's heatmap video of one cohort (as processing a test with both cohorts stores it). */
export async function giveCohortHeatmapVideo(
  t: { db: Database; files: FileStore },
  videoParticipantId: number,
  cohort: 'lab' | 'remote',
): Promise<string> {
  const key = `videos/result-${videoParticipantId}-heatmap-${cohort}.mp4`;
  await t.files.put(key, Buffer.concat([MP4_HEAD, Buffer.alloc(1000, 7)]));
  await t.db
    .insert(videoCohortHeatmaps)
    .values({ participantId: videoParticipantId, cohort, viewers: 1, emotionViewers: 0, video: key });
  return key;
}

/** The significant points of a participant, by id. */
export async function pointIdsOf(db: Database, participantId: number): Promise<number[]> {
  const rows = await db
    .select({ id: significantPoints.id })
    .from(significantPoints)
    .where(eq(significantPoints.participantId, participantId))
    .orderBy(significantPoints.id);
  return rows.map((row) => row.id);
}

/**
 * An insight citing `pointIds` with a reel of their clips, rendered and published: its MP4 stored
 * under `reels/` as the render job stores one. Answers the insight, the reel and the file's key.
 */
export async function buildPublishedReel(
  t: { db: Database; files: FileStore },
  testId: number,
  pointIds: number[],
) {
  const assignedId = next();
  const [insight] = await t.db
    .insert(insights)
    .values({ testId, assignedId, title: `Insight ${assignedId}` })
    .returning({ id: insights.id });
  if (!insight) throw new Error('no insight');
  await t.db
    .insert(insightSignificantPoints)
    .values(pointIds.map((significantPointId) => ({ insightId: insight.id, significantPointId })));
  const fileKey = `reels/insight-${insight.id}-${next()}.mp4`;
  await t.files.put(fileKey, Buffer.concat([MP4_HEAD, Buffer.alloc(1000, 7)]));
  const [reel] = await t.db
    .insert(evidenceReels)
    .values({
      insightId: insight.id,
      state: 'ready',
      published: true,
      fileKey,
      renderedPointIds: pointIds,
      clips: pointIds.map((point_id) => ({ point_id, start_offset_ms: -3000, end_offset_ms: 4000 })),
    })
    .returning();
  if (!reel) throw new Error('no reel');
  return { insightId: insight.id, reel, fileKey };
}

/** Signs in through the API; returns the Authorization header value and the refresh cookie. */
export async function signIn(app: FastifyInstance, email: string, password = PASSWORD) {
  const response = await app.inject({ method: 'POST', url: '/api/v1/tokens', payload: { email, password } });
  if (response.statusCode !== 200)
    throw new Error(`sign-in of ${email} answered ${response.statusCode}: ${response.body}`);
  const cookie = response.cookies.find((candidate) => candidate.name === 'limbus_refresh');
  return { authorization: `Bearer ${response.json().access_token}`, refreshCookie: cookie?.value ?? '' };
}

/**
 * A share link of a test (of its company), stored as the service stores one: the token's hash and
 * the password's argon2id. Answers the link's id and its token.
 */
export async function buildShareLink(
  t: { db: Database },
  link: {
    testId: number;
    createdById: number;
    scope?: 'test' | 'insight' | 'reel';
    insightId?: number;
    password?: string;
    expiresAt?: Date;
    allowRecordings?: boolean;
  },
) {
  const [test] = await t.db
    .select({ companyId: tests.companyId })
    .from(tests)
    .where(eq(tests.id, link.testId));
  if (!test) throw new Error('no test to share');
  const { token, hash } = newOpaqueToken();
  const [row] = await t.db
    .insert(shareLinks)
    .values({
      companyId: test.companyId,
      testId: link.testId,
      scope: link.scope ?? 'test',
      insightId: link.insightId ?? null,
      tokenHash: hash,
      expiresAt: link.expiresAt ?? new Date(Date.now() + 30 * 24 * 60 * 60 * 1000),
      passwordHash: link.password ? await hashPassword(link.password) : null,
      allowRecordings: link.allowRecordings ?? false,
      createdById: link.createdById,
    })
    .returning({ id: shareLinks.id });
  if (!row) throw new Error('no share link');
  return { id: row.id, token };
}

/** Version 1 of a test's consent terms, over every stream and purpose unless told otherwise. */
export async function buildConsentTerms(
  t: { db: Database },
  testId: number,
  terms: { streams?: ConsentStream[]; purposes?: ConsentPurpose[] } = {},
) {
  const [row] = await t.db
    .insert(consentTerms)
    .values({
      testId,
      version: 1,
      text: 'We record your gaze and mouse in your browser. Camera video never leaves your device.',
      streams: terms.streams ?? ['eyes', 'mice', 'answers'],
      purposes: terms.purposes ?? ['report', 'norms', 'ai'],
    })
    .returning();
  if (!row) throw new Error('no consent terms');
  return row;
}

/** A remote cohort of a test (with its participant link's token), open for 14 days unless told otherwise. */
export async function buildRemoteCohort(
  t: { db: Database },
  cohort: { testId: number; createdById: number; cap?: number; expiresAt?: Date; redirectUrl?: string },
) {
  const [test] = await t.db
    .select({ companyId: tests.companyId })
    .from(tests)
    .where(eq(tests.id, cohort.testId));
  if (!test) throw new Error('no test for the cohort');
  const { token, hash } = newOpaqueToken();
  const [row] = await t.db
    .insert(remoteCohorts)
    .values({
      companyId: test.companyId,
      testId: cohort.testId,
      tokenHash: hash,
      cap: cohort.cap ?? 100,
      expiresAt: cohort.expiresAt ?? new Date(Date.now() + 14 * 24 * 60 * 60 * 1000),
      redirectUrl: cohort.redirectUrl ?? null,
      createdById: cohort.createdById,
    })
    .returning({ id: remoteCohorts.id });
  if (!row) throw new Error('no remote cohort');
  return { id: row.id, token };
}

/**
 * A webcam participant's remote session of a cohort, ended, with its best validation's accuracy
 * (degrees; null when none was measured) as a session's end keeps it.
 */
export async function buildRemoteSession(
  t: { db: Database },
  session: { cohortId: number; participantId: number; validationAccuracyDeg: number | null },
) {
  const ended = new Date(Date.UTC(2026, 0, 12, 10));
  await t.db.insert(remoteSessions).values({
    cohortId: session.cohortId,
    participantId: session.participantId,
    tokenHash: newOpaqueToken().hash,
    expiresAt: ended,
    endedAt: ended,
    validationAccuracyDeg: session.validationAccuracyDeg,
  });
}
