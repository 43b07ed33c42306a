import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { categories, countries, flows, resources, significantPoints } from '../src/db/schema.js';
import { createTestSetup } from '../src/modules/test-setups/test-setups.service.js';
import type { TestApp } from './create-test-app.js';
import {
  buildConsentTerms,
  buildContract,
  buildParticipant,
  buildRemoteCohort,
  buildShareLink,
  buildTest,
  buildUser,
  buildWorld,
  giveCohortHeatmapVideo,
  giveVideo,
  signIn,
} from './factories.js';
import { IMAGES } from './images.js';
import { sharedPerProcess } from './shared-per-process.js';

/** The app and fixed resources the bad-input cases send to, shared by the module files of one process. */
export type InputWorld = {
  t: TestApp;
  world: Awaited<ReturnType<typeof buildWorld>>;
  superAdminAuth: string;
  countryId: number;
  /** A seeded test category and flow. */
  categoryId: number;
  flowId: number;
  targetUserId: number;
  contractId: number;
  /** A test with a recorded participant, and a video test with its video participant. */
  recordedTestId: number;
  recordedParticipantId: number;
  videoTestId: number;
  /** A significant point of the recorded participant, for insights. */
  recordedPointId: number;
  /** A resource of the library, and the name of an uploaded image. */
  resourceId: number;
  resourceImageName: string;
  /** The key of a test setup, for the recorder routes. */
  setupKey: string;
  /** The token of a password-protected share link of the recorded test, for the visitor's routes. */
  shareToken: string;
  /** A remote cohort's participant link and a session of one of its participants (remote studies). */
  remoteLinkToken: string;
  remoteSessionToken: string;
};

/** The bad-input world of this test process, for the enclosing file: read its fields in tests. */
export const useInputWorld = sharedPerProcess(async (t): Promise<InputWorld> => {
  const world = await buildWorld(t.db);
  const superAdminAuth = (await signIn(t.app, world.superAdmin.email)).authorization;
  const [country] = await t.db.select({ id: countries.id }).from(countries).limit(1);
  if (!country) throw new Error('no countries seeded');
  const categoryId = (await t.db.select({ id: categories.id }).from(categories).limit(1))[0]?.id ?? 0;
  const flowId = (await t.db.select({ id: flows.id }).from(flows).limit(1))[0]?.id ?? 0;
  const targetUserId = (await buildUser(t.db, { role: 'company_member', companyId: world.client.id })).id;
  const contractId = (await buildContract(t.db, world.client.id)).id;
  const recordedTestId = (await buildTest(t.db, world.client.id)).id;
  const recordedParticipantId = (
    await buildParticipant(t, recordedTestId, {
      significantPoints: [
        { emotion: 'joy', timestampTop: Date.UTC(2026, 0, 12, 9, 30, 5), tags: ['Tagged'] },
      ],
      sections: [{ timestampStart: 0, timestampEnd: 1, label: { name: 'Home', urls: [] } }],
    })
  ).id;
  await giveVideo(t, { participantId: recordedParticipantId });
  const [point] = await t.db
    .select({ id: significantPoints.id })
    .from(significantPoints)
    .where(eq(significantPoints.participantId, recordedParticipantId));
  if (!point) throw new Error('no significant point');
  const videoTestId = (await buildTest(t.db, world.client.id, { platform: 'video' })).id;
  await giveVideo(t, { testId: videoTestId });
  const [resource] = await t.db
    .insert(resources)
    .values({ title: 'Draft', authorId: world.superAdmin.id })
    .returning({ id: resources.id });
  if (!resource) throw new Error('no resource');
  const resourceImageName = `${'c'.repeat(32)}.png`;
  await t.files.put(`resource-images/${resourceImageName}`, IMAGES.png);
  const setupKey = (
    await createTestSetup({ db: t.db, clock: () => new Date() }, { name: 'Bad input lab', ip: '' })
  ).key;
  const videoResult = await buildParticipant(t, videoTestId, {
    type: 'video_heatmap',
    moments: [{ emotion: 'spread', start: 0, end: 1 }],
  });
  await giveCohortHeatmapVideo(t, videoResult.id, 'remote');
  const shareToken = (
    await buildShareLink(t, {
      testId: recordedTestId,
      createdById: world.clientAdmin.id,
      password: 'open sesame',
    })
  ).token;
  const remote = await remoteCredentials(t, world);
  return {
    t,
    world,
    superAdminAuth,
    countryId: country.id,
    categoryId,
    flowId,
    targetUserId,
    contractId,
    recordedTestId,
    recordedParticipantId,
    videoTestId,
    recordedPointId: point.id,
    resourceId: resource.id,
    resourceImageName,
    setupKey,
    shareToken,
    ...remote,
  };
});

/** A remote cohort on a test with consent terms, and the session of a participant who joined it. */
async function remoteCredentials(t: TestApp, world: Awaited<ReturnType<typeof buildWorld>>) {
  const test = await buildTest(t.db, world.client.id);
  await buildConsentTerms(t, test.id);
  const cohort = await buildRemoteCohort(t, {
    testId: test.id,
    createdById: world.superAdmin.id,
    cap: 10_000,
  });
  const joined = await t.app.inject({
    method: 'POST',
    url: '/api/v1/remote/participants',
    headers: { authorization: `Remote ${cohort.token}` },
    payload: { consent: { version: 1, streams: ['eyes', 'mice'], purposes: ['report'] } },
  });
  if (joined.statusCode !== 201) throw new Error(`no remote session: ${joined.body}`);
  return { remoteLinkToken: cohort.token, remoteSessionToken: joined.json().data.session_token as string };
}

let sequence = 0;
/** A number not used before in this process, for names and addresses that must be new. */
export const nextNumber = () => ++sequence;
export const freshEmail = () => `bad-input-${nextNumber()}@example.test`;

export type Identity = 'superAdmin' | 'anonymous' | 'setup' | 'share' | 'remoteLink' | 'remoteSession';

export function send(
  w: InputWorld,
  identity: Identity,
  options: InjectOptions,
): Promise<LightMyRequestResponse> {
  const headers = {
    ...(options.headers ?? {}),
    ...(identity === 'superAdmin' ? { authorization: w.superAdminAuth } : {}),
    ...(identity === 'setup' ? { authorization: `Setup ${w.setupKey}` } : {}),
    ...(identity === 'share' ? { authorization: `Share ${w.shareToken}` } : {}),
    ...(identity === 'remoteLink' ? { authorization: `Remote ${w.remoteLinkToken}` } : {}),
    ...(identity === 'remoteSession' ? { authorization: `Session ${w.remoteSessionToken}` } : {}),
  };
  return w.t.app.inject({ ...options, headers });
}

/** What uploads left in the data folder's temporary files (nothing once each is answered). */
export const uploadsLeft = (w: InputWorld): string[] => {
  const folder = path.join(w.t.dataDir, 'tmp', 'uploads');
  return fs.existsSync(folder) ? fs.readdirSync(folder) : [];
};

/** The query of a signed media URL for `mediaPath`. */
export const signedQuery = (w: InputWorld, mediaPath: string) =>
  Object.fromEntries(new URL(w.t.sign(mediaPath), 'http://limbus.test').searchParams);
