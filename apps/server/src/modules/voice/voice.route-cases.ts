import { type InputCase, signedIn } from '../../../test/bad-input-matrix.js';
import { signedQuery } from '../../../test/bad-input-world.js';
import { buildParticipant, buildTest, RESULTS_READY } from '../../../test/factories.js';
import {
  type Ctx,
  companyOf,
  GET_AND_HEAD,
  ownCompanyRoute,
  type RouteCases,
  remoteRoute,
  signedUrlHolderOk,
} from '../../../test/route-policy-matrix.js';
import type { Executor } from '../../db/client.js';
import { voiceTakes } from '../../db/schema.js';
import type { FileStore } from '../../files/file-store.js';
import { voiceTakeKey } from './voice-files.js';

/** A joined take of spoken audio of the participant (a few bytes: the routes serve what is stored). */
export async function giveVoiceTake(t: { db: Executor; files: FileStore }, participantId: number, take = 1) {
  const fileKey = voiceTakeKey(participantId, take, 'audio/webm');
  await t.files.put(fileKey, Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3, 4]));
  await t.db.insert(voiceTakes).values({
    participantId,
    take,
    mediaType: 'audio/webm',
    startedAt: new Date('2026-11-20T10:00:00Z'),
    fileKey,
    bytes: 8,
    durationMs: 4_000,
    joinedAt: new Date('2026-11-20T10:05:00Z'),
  });
}

async function participantOf(ctx: Ctx) {
  const test = await buildTest(ctx.t.db, companyOf(ctx).id, RESULTS_READY);
  const { id } = await buildParticipant(ctx.t, test.id);
  return { testId: test.id, participantId: id, url: `/api/v1/tests/${test.id}/participants/${id}/voice` };
}

/**
 * Spoken audio: the participant's session sends it, whoever reads the test's participants lists
 * it, and the file is served by the signed URL the list answers.
 */
export const voicePolicyCases: RouteCases = {
  'PUT /api/v1/remote/session/voice/:take/chunks/:seq': remoteRoute(
    'remote_session',
    '/api/v1/remote/session/voice/1/chunks/0',
  ),
  ...GET_AND_HEAD(
    '/api/v1/tests/:id/participants/:pid/voice',
    ownCompanyRoute(async (ctx) => ({ url: (await participantOf(ctx)).url })),
  ),
  ...GET_AND_HEAD('/api/v1/tests/:id/participants/:pid/voice/:take', {
    access: 'signed',
    targets: ['own', 'other'],
    request: async (ctx) => {
      const { participantId, url } = await participantOf(ctx);
      await giveVoiceTake(ctx.t, participantId);
      return { url: ctx.t.sign(`${url}/1`) };
    },
    expect: signedUrlHolderOk,
  }),
};

export const voiceInputCases: InputCase[] = [
  {
    key: 'PUT /api/v1/remote/session/voice/:take/chunks/:seq',
    isPublic: false,
    credential: 'remoteSession',
    parts: ['params'],
    sample: () => ({ params: { take: 1, seq: 0 } }),
  },
  signedIn('GET /api/v1/tests/:id/participants/:pid/voice', ['params'], (w) => ({
    id: w.recordedTestId,
    params: { pid: w.recordedParticipantId },
  })),
  signedIn('GET /api/v1/tests/:id/participants/:pid/voice/:take', ['querystring', 'params'], async (w) => {
    const path = `/api/v1/tests/${w.recordedTestId}/participants/${w.recordedParticipantId}/voice/1`;
    return {
      id: w.recordedTestId,
      params: { pid: w.recordedParticipantId, take: 1 },
      query: signedQuery(w, path),
    };
  }),
];
