import { participantDetailSchema, participantListAnswer, testDetailSchema } from '@limbus/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiClient, expectError, expectOk, signInWorld, useWorld } from '../../../test/api.js';
import {
  buildParticipant,
  buildTest,
  giveVideo,
  MP4_HEAD,
  RESULTS_READY,
  signIn,
} from '../../../test/factories.js';
import { SIGNED_URL_TTL_MS } from '../../http/signed-urls.js';

const ctx = useWorld();
let as: Awaited<ReturnType<typeof signInWorld>>;
let testId: number;
let participantId: number;
let silentParticipantId: number;
const VIDEO = Buffer.concat([MP4_HEAD, Buffer.from(Array.from({ length: 4000 }, (_, i) => i % 251))]);

beforeAll(async () => {
  const { t, world } = ctx;
  as = await signInWorld(t.app, world);
  testId = (await buildTest(t.db, world.client.id, RESULTS_READY)).id;
  participantId = (await buildParticipant(t, testId)).id;
  silentParticipantId = (await buildParticipant(t, testId)).id;
  await giveVideo(t, { participantId }, VIDEO);
});

/** GET without any credentials, as a `<video src>` does. */
const fetchMedia = (url: string, headers: Record<string, string> = {}) =>
  ctx.t.app.inject({ method: 'GET', url, headers });

async function signedParticipantVideo(): Promise<string> {
  const detail = participantDetailSchema.parse(
    expectOk(await as.clientMember.get(`/tests/${testId}/participants/${participantId}?fields=video`)),
  );
  if (!detail.video) throw new Error('no video url');
  return detail.video;
}

describe('participant recordings by signed URL', () => {
  it('names a signed URL in the detail and the list, and null without a recording', async () => {
    const url = await signedParticipantVideo();
    expect(url).toMatch(
      new RegExp(
        `^/api/v1/tests/${testId}/participants/${participantId}/video\\?expires=\\d+&holder=\\d+&signature=`,
      ),
    );
    const list = participantListAnswer.parse(
      expectOk(await as.clientMember.get(`/tests/${testId}/participants`)),
    );
    expect(list.find((row) => row.id === participantId)?.video).toBe(url);
    expect(list.find((row) => row.id === silentParticipantId)?.video).toBeNull();
  });

  it('serves the whole file without a bearer token, with its type and length', async () => {
    const response = await fetchMedia(await signedParticipantVideo());
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('video/mp4');
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(Number(response.headers['content-length'])).toBe(VIDEO.length);
    expect(response.rawPayload.equals(VIDEO)).toBe(true);
  });

  it('serves byte ranges (seeking) and refuses a range past the end with 416', async () => {
    const url = await signedParticipantVideo();
    const part = await fetchMedia(url, { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${VIDEO.length}`);
    expect(part.rawPayload.equals(VIDEO.subarray(100, 200))).toBe(true);
    const tail = await fetchMedia(url, { range: 'bytes=-10' });
    expect(tail.rawPayload.equals(VIDEO.subarray(VIDEO.length - 10))).toBe(true);
    const past = await fetchMedia(url, { range: `bytes=${VIDEO.length}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${VIDEO.length}`);
  });

  it('refuses a missing, tampered, borrowed or expired signature with 401', async () => {
    const url = await signedParticipantVideo();
    const [pathOnly, query] = url.split('?') as [string, string];
    expectError(await fetchMedia(pathOnly), 'validation');
    expectError(
      await fetchMedia(`${pathOnly}?${query.replace(/signature=./, 'signature=A')}`),
      'unauthenticated',
    );
    const borrowed = `/api/v1/tests/${testId}/participants/${silentParticipantId}/video?${query}`;
    expectError(await fetchMedia(borrowed), 'unauthenticated');
    ctx.t.clock.advance(SIGNED_URL_TTL_MS + 60 * 60 * 1000);
    try {
      expectError(await fetchMedia(url), 'unauthenticated');
    } finally {
      ctx.t.clock.advance(-(SIGNED_URL_TTL_MS + 60 * 60 * 1000));
    }
  });

  it('answers 404 for a signed URL of a participant whose recording was removed', async () => {
    const url = ctx.t.sign(`/api/v1/tests/${testId}/participants/${silentParticipantId}/video`);
    expectError(await fetchMedia(url), 'not_found');
  });

  it('is signed only for readers of the test: another company gets 403 and no URL', async () => {
    expectError(
      await as.otherAdmin.get(`/tests/${testId}/participants/${participantId}?fields=video`),
      'not_found',
    );
  });
});

describe('test videos by signed URL', () => {
  it('names the video of a video test in GET /tests/{id} and serves it', async () => {
    const { t, world } = ctx;
    const videoTest = await buildTest(t.db, world.client.id, { ...RESULTS_READY, platform: 'video' });
    const none = testDetailSchema.parse(expectOk(await as.clientMember.get(`/tests/${videoTest.id}`)));
    expect(none.video).toBeNull();
    await giveVideo(t, { testId: videoTest.id }, VIDEO);
    const detail = testDetailSchema.parse(expectOk(await as.clientMember.get(`/tests/${videoTest.id}`)));
    expect(detail.video).toMatch(new RegExp(`^/api/v1/tests/${videoTest.id}/video\\?expires=`));
    const response = await fetchMedia(detail.video ?? '', { range: 'bytes=0-15' });
    expect(response.statusCode).toBe(206);
    expect(response.rawPayload.equals(VIDEO.subarray(0, 16))).toBe(true);
  });
});

describe('issue 28, finding 10: signed media links outlive the sign-out', () => {
  it('ends the links a user was given when that user signs out (401), while a fresh sign-in gets working ones', async () => {
    const { t, world } = ctx;
    const session = await signIn(t.app, world.clientAdmin.email);
    const reader = apiClient(t.app, session);
    const detailUrl = `/tests/${testId}/participants/${participantId}?fields=video`;
    const url = participantDetailSchema.parse(expectOk(await reader.get(detailUrl))).video;
    if (!url) throw new Error('no video url');
    expect(url).toContain(`&holder=${world.clientAdmin.id}&`);
    expect((await fetchMedia(url, { range: 'bytes=0-99' })).statusCode).toBe(206);

    const signedOut = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/tokens',
      cookies: { limbus_refresh: session.refreshCookie },
    });
    expect(signedOut.statusCode).toBeLessThan(300);
    expectError(await fetchMedia(url), 'unauthenticated');
    expectError(await fetchMedia(url, { range: 'bytes=100-199' }), 'unauthenticated');

    const again = apiClient(t.app, await signIn(t.app, world.clientAdmin.email));
    const fresh = participantDetailSchema.parse(expectOk(await again.get(detailUrl))).video;
    expect(fresh).not.toBe(url);
    expect((await fetchMedia(fresh ?? '')).statusCode).toBe(200);
  });
});
