import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { type DecodedStream, decodeStream, encodeStream } from '@limbus/analytics';
import {
  type ParticipantDetail,
  type ParticipantSummary,
  participantDetailSchema,
  participantListAnswer,
  participantSummarySchema,
  STREAM_MEDIA_TYPE,
} from '@limbus/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, expectError, expectOk, signInWorld, useWorld } from '../../../test/api.js';
import { buildCompany, buildParticipant, buildTest, RESULTS_READY, signIn } from '../../../test/factories.js';
import { participantStreams, participants, significantPoints } from '../../db/schema.js';

const ctx = useWorld();
let as: Awaited<ReturnType<typeof signInWorld>>;
let testId: number;
let recorded: Awaited<ReturnType<typeof buildParticipant>>;

const START = Date.UTC(2026, 0, 12, 9, 30);
/** `text` as a literal part of a regular expression. */
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The holder the client member's answers sign their media URLs for (its sessions never ended here). */
const asClientMember = () => ({ userId: ctx.world.clientMember.id, tokenVersion: 0 });

beforeAll(async () => {
  const { t, world } = ctx;
  as = await signInWorld(t.app, world);
  testId = (await buildTest(t.db, world.client.id, RESULTS_READY)).id;
  recorded = await buildParticipant(t, testId, {
    realId: 'P-001',
    recording: { startMs: START, durationMs: 12_500 },
    totalClicks: 7,
    significantPoints: [
      {
        emotion: 'frustration',
        timestampTop: START + 4000,
        score: 0.75,
        ranking: 1,
        tags: ['Slow', 'Price'],
      },
      { emotion: 'joy', timestampTop: START + 9000, score: 0.5, ranking: 2, comment: 'Nice shoes' },
    ],
    sections: [
      { timestampStart: START, timestampEnd: START + 6000, label: { name: 'Basket', urls: ['/basket'] } },
      { timestampStart: START + 6001, timestampEnd: START + 12_000, label: null },
    ],
  });
});

const participantUrl = (id = recorded.id, test = testId) => `/tests/${test}/participants/${id}`;
const getDetail = async (client: ApiClient, query = '') =>
  participantDetailSchema.parse(expectOk(await client.get(`${participantUrl()}${query}`)));
const filesOf = (participantId: number) =>
  path.join(ctx.t.dataDir, 'files', 'streams', String(participantId));
/** Decodes answered bytes; a plain Uint8Array view, as the codec expects (not a Buffer). */
const decodeBytes = (bytes: Buffer) =>
  decodeStream(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length));
/** The samples as stored: what the codec keeps of the recorded ones. */
const asStored = (stream: DecodedStream) => decodeStream(encodeStream(stream));

describe('GET /tests/:id/participants', () => {
  it('lists the participants of type default with their stats', async () => {
    const { t } = ctx;
    const video = await buildParticipant(t, testId, { type: 'video_heatmap' });
    const list = participantListAnswer.parse(
      expectOk(await as.clientMember.get(`/tests/${testId}/participants`)),
    );
    expect(list.map((participant) => participant.id)).toContain(recorded.id);
    expect(list.map((participant) => participant.id)).not.toContain(video.id);
    expect(list.find((participant) => participant.id === recorded.id)).toEqual<ParticipantSummary>({
      id: recorded.id,
      real_id: 'P-001',
      type: 'default',
      source: 'lab',
      demographic: { age: 34, gender: 'female', education: 'University' },
      started_at: Math.floor(START / 1000),
      ended_at: Math.floor((START + 12_500) / 1000),
      time_to_complete_ms: 12_500,
      total_clicks: 7,
      favourite: false,
      removed: [],
      video: null,
    });
  });

  it('answers 404 for an unknown test and for a test of another company alike', async () => {
    expectError(await as.clientMember.get('/tests/999999/participants'), 'not_found');
    expectError(await as.otherAdmin.get(`/tests/${testId}/participants`), 'not_found');
    expectError(await as.demoUser.get(`/tests/${testId}/participants`), 'not_found');
    expect(expectOk<unknown[]>(await as.staff.get(`/tests/${testId}/participants`)).length).toBeGreaterThan(
      0,
    );
  });

  it('lets client users read the participants of done tests only; staff in every state', async () => {
    const { t, world } = ctx;
    const running = await buildTest(t.db, world.client.id, { state: 'in-progress' });
    const { id } = await buildParticipant(t, running.id);
    const base = `/tests/${running.id}/participants`;
    for (const url of [base, `${base}/${id}`, `${base}/${id}/streams/eyes`])
      expectError(await as.clientMember.get(url), 'forbidden');
    expectOk(await as.staff.get(base));
    expect((await as.staff.get(`${base}/${id}/streams/eyes`)).statusCode).toBe(200);
  });
});

describe('GET /tests/:id/participants/:pid', () => {
  it('answers the participant alone, naming its stored streams, when no association is asked for', async () => {
    const detail = await getDetail(as.clientMember);
    expect(detail).toEqual<ParticipantDetail>({
      id: recorded.id,
      real_id: 'P-001',
      type: 'default',
      source: 'lab',
      test_id: testId,
      state: 'finished',
      demographic: { age: 34, gender: 'female', education: 'University' },
      started_at: Math.floor(START / 1000),
      ended_at: Math.floor((START + 12_500) / 1000),
      time_to_complete_ms: 12_500,
      total_clicks: 7,
      favourite: false,
      removed: [],
      // the streams it stored, so that a screen asks for no other (which would answer 404)
      streams: ['emotions', 'eyes', 'mice'],
    });
  });

  it('loads only the associations asked for', async () => {
    const detail = await getDetail(as.clientMember, '?associations=emotions,sections');
    expect(Object.keys(detail)).toEqual(expect.arrayContaining(['emotions', 'sections']));
    for (const absent of ['eyes', 'mice', 'significant_points', 'moments', 'video'])
      expect(detail).not.toHaveProperty(absent);
  });

  it('answers the samples in the spec’s shape, as stored', async () => {
    const detail = await getDetail(as.clientMember, '?associations=emotions,mice,eyes');
    const emotions = asStored(recorded.recording.emotions);
    const eyes = asStored(recorded.recording.eyes);
    const mice = asStored(recorded.recording.mice);
    if (emotions.kind !== 'emotions' || eyes.kind !== 'eyes' || mice.kind !== 'mice')
      throw new Error('kinds');

    expect(detail.emotions).toHaveLength(emotions.samples.timestamp.length);
    const emotion = detail.emotions?.[3];
    expect(emotion?.timestamp).toBeCloseTo(emotions.samples.timestamp[3] as number, 3);
    expect(emotion?.joy).toBeCloseTo(emotions.samples.joy[3] as number, 4);
    expect(emotion?.attention).toBeCloseTo(emotions.samples.attention[3] as number, 4);
    expect(emotion?.frustration).toBeCloseTo(emotions.samples.frustration[3] as number, 4);

    // Lost gaze samples are left out.
    const kept = [...eyes.samples.x.keys()].filter((i) => !Number.isNaN(eyes.samples.x[i] as number));
    expect(kept.length).toBeLessThan(eyes.samples.timestamp.length);
    expect(detail.eyes).toHaveLength(kept.length);
    const firstKept = kept[0] as number;
    expect(detail.eyes?.[0]).toEqual({
      timestamp: expect.closeTo(eyes.samples.timestamp[firstKept] as number, 3),
      x: expect.closeTo(eyes.samples.x[firstKept] as number, 1),
      y: expect.closeTo(eyes.samples.y[firstKept] as number, 1),
    });

    expect(detail.mice).toHaveLength(mice.samples.timestamp.length);
    const clickAt = mice.samples.click.indexOf(1);
    expect(clickAt).toBeGreaterThanOrEqual(0);
    expect(detail.mice?.[clickAt]).toEqual({
      timestamp: expect.closeTo(mice.samples.timestamp[clickAt] as number, 3),
      x: expect.closeTo(mice.samples.x[clickAt] as number, 1),
      y: expect.closeTo(mice.samples.y[clickAt] as number, 1),
      scroll_y: expect.closeTo(mice.samples.scrollY[clickAt] as number, 1),
      page_height: expect.closeTo(mice.samples.pageHeight[clickAt] as number, 1),
      click: true,
      url: mice.samples.urls[mice.samples.urlIndex[clickAt] as number],
    });
    expect(detail.mice?.filter((sample) => sample.click)).toHaveLength(
      mice.samples.click.reduce((sum, value) => sum + value, 0),
    );
  });

  it('answers sections with their page title and significant points with their tags', async () => {
    const detail = await getDetail(as.clientMember, '?associations=sections,significant_points');
    const [basket, untitled] = detail.sections ?? [];
    expect(basket).toEqual({
      id: expect.any(Number),
      timestamp_start: START,
      timestamp_end: START + 6000,
      label_id: expect.any(Number),
      label: { id: basket?.label_id, name: 'Basket' },
      participant_id: recorded.id,
    });
    expect(untitled).toMatchObject({ timestamp_start: START + 6001, label_id: null, label: null });
    expect(detail.significant_points).toEqual([
      {
        id: expect.any(Number),
        emotion: 'frustration',
        timestamp_top: START + 4000,
        comment: '',
        translation: '',
        false_positive: false,
        tags: [
          { id: expect.any(Number), name: 'Price' },
          { id: expect.any(Number), name: 'Slow' },
        ],
        ranking: 1,
        score: 0.75,
        participant_id: recorded.id,
        // issue 26, one name per participant: what screens name the point's participant by
        participant_label: recorded.input.realId,
      },
      expect.objectContaining({ emotion: 'joy', comment: 'Nice shoes', tags: [], ranking: 2 }),
    ]);
  });

  it('shows client users only annotated points (a comment or a tag, not false positive); staff every one', async () => {
    const { t } = ctx;
    const annotating = await buildParticipant(t, testId, {
      significantPoints: [
        { emotion: 'frustration', timestampTop: START + 1000 },
        { emotion: 'joy', timestampTop: START + 2000, comment: 'Wrong size', falsePositive: true },
        { emotion: 'attention', timestampTop: START + 3000, tags: ['Hero'] },
      ],
    });
    const pointsFor = async (client: ApiClient) =>
      participantDetailSchema
        .parse(expectOk(await client.get(`${participantUrl(annotating.id)}?associations=significant_points`)))
        .significant_points?.map((point) => point.emotion);
    expect(await pointsFor(as.clientMember)).toEqual(['attention']);
    expect(await pointsFor(as.staff)).toEqual(['frustration', 'joy', 'attention']);
  });

  it('adds the video with fields=video', async () => {
    const { t } = ctx;
    expect((await getDetail(as.clientMember, '?fields=video')).video).toBeNull();
    const withVideo = await buildParticipant(t, testId, { video: 'videos/screen.mp4' });
    const detail = participantDetailSchema.parse(
      expectOk(await as.clientMember.get(`${participantUrl(withVideo.id)}?fields=video&associations=`)),
    );
    expect(detail.video).toMatch(
      new RegExp(
        `^${literally(ctx.t.sign(`/api/v1/tests/${testId}/participants/${withVideo.id}/video`, asClientMember()))}&v=\\d+$`,
      ),
    );
  });

  it('compresses the samples with brotli or gzip when the client accepts it', async () => {
    const { t } = ctx;
    const url = `/api/v1${participantUrl()}?associations=emotions,eyes,mice`;
    const headers = { authorization: (await signIn(t.app, ctx.world.clientMember.email)).authorization };
    const plain = await t.app.inject({ url, headers });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    const brotli = await t.app.inject({
      url,
      headers: { ...headers, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    const gzip = await t.app.inject({ url, headers: { ...headers, 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    // Small answers and errors go as they are.
    const small = await t.app.inject({
      url: `/api/v1${participantUrl()}`,
      headers: { ...headers, 'accept-encoding': 'br' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('refuses unknown associations and fields with 400 naming them', async () => {
    expectError(await as.clientMember.get(`${participantUrl()}?associations=eyes,answers`), 'validation', {
      associations: expect.stringContaining('answers'),
    });
    expectError(await as.clientMember.get(`${participantUrl()}?fields=secret`), 'validation', {
      fields: expect.stringContaining('secret'),
    });
  });

  it('answers 404 for a participant of another test and of another company', async () => {
    const { t, world } = ctx;
    const otherTest = await buildTest(t.db, world.client.id, RESULTS_READY);
    expectError(await as.clientMember.get(participantUrl(recorded.id, otherTest.id)), 'not_found');
    expectError(await as.clientMember.get(participantUrl(999_999)), 'not_found');
    expectError(await as.otherAdmin.get(participantUrl()), 'not_found');
    expectError(await as.anonymous.get(participantUrl()), 'unauthenticated');
  });
});

describe('GET /tests/:id/participants/:pid/streams/:kind', () => {
  const streamCall = (kind: string, headers: Record<string, string> = {}) =>
    ctx.t.app.inject({
      url: `/api/v1${participantUrl()}/streams/${kind}`,
      headers: { authorization, ...headers },
    });
  let authorization: string;
  beforeAll(async () => {
    authorization = (await signIn(ctx.t.app, ctx.world.clientMember.email)).authorization;
  });

  it.each(['emotions', 'eyes', 'mice'] as const)(
    'sends the stored brotli bytes of %s as they are',
    async (kind) => {
      const response = await streamCall(kind, { 'accept-encoding': 'gzip, deflate, br' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe(STREAM_MEDIA_TYPE);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['cache-control']).toBe('private, no-cache');
      expect(response.headers.vary).toContain('accept-encoding');
      const stored = fs.readFileSync(path.join(filesOf(recorded.id), `${kind}.lmbs.br`));
      expect(Buffer.compare(response.rawPayload, stored)).toBe(0);
      expect(decodeBytes(zlib.brotliDecompressSync(response.rawPayload))).toEqual(
        asStored(recorded.recording[kind]),
      );
    },
  );

  it('sends gzip or the plain codec bytes to clients that do not accept brotli', async () => {
    const plain = await streamCall('eyes');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(decodeBytes(plain.rawPayload)).toEqual(asStored(recorded.recording.eyes));

    const refused = await streamCall('eyes', { 'accept-encoding': 'br;q=0, gzip' });
    expect(refused.headers['content-encoding']).toBe('gzip');
    expect(decodeBytes(zlib.gunzipSync(refused.rawPayload))).toEqual(asStored(recorded.recording.eyes));
  });

  it('answers 304 to a matching If-None-Match, per encoding', async () => {
    const first = await streamCall('mice', { 'accept-encoding': 'br' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+\.br"$/);
    const again = await streamCall('mice', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const plain = await streamCall('mice', { 'if-none-match': etag });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers.etag).not.toBe(etag);
  });

  it('answers 404 for a stream the participant lacks and 400 for an unknown kind', async () => {
    const { t } = ctx;
    const onlyEyes = await buildParticipant(t, testId, { streams: [] });
    const response = await t.app.inject({
      url: `/api/v1${participantUrl(onlyEyes.id)}/streams/eyes`,
      headers: { authorization },
    });
    expectError(response, 'not_found');
    expectError(await streamCall('heartbeats'), 'validation', { kind: expect.any(String) });
  });

  it('answers 404 for another company', async () => {
    expectError(await as.otherAdmin.get(`${participantUrl()}/streams/eyes`), 'not_found');
  });
});

describe('GET /participants/get_video_participant', () => {
  it('answers 404 while the test has no video participant', async () => {
    expectError(
      await as.clientMember.get(`/participants/get_video_participant?test_id=${testId}0`),
      'not_found',
    );
    const { t, world } = ctx;
    const videoTest = await buildTest(t.db, world.client.id, { ...RESULTS_READY, platform: 'video' });
    await buildParticipant(t, videoTest.id);
    expectError(
      await as.clientMember.get(`/participants/get_video_participant?test_id=${videoTest.id}`),
      'not_found',
    );
  });

  it('answers the video participant with everything it holds, moments included', async () => {
    const { t, world } = ctx;
    const videoTest = await buildTest(t.db, world.client.id, { ...RESULTS_READY, platform: 'video' });
    const result = await buildParticipant(t, videoTest.id, {
      type: 'video_heatmap',
      video: 'videos/heatmap.mp4',
      moments: [
        { emotion: 'spread', start: 1000, end: 3500 },
        { emotion: 'joy', start: 500, end: 900 },
      ],
    });
    const detail = participantDetailSchema.parse(
      expectOk(await as.clientMember.get(`/participants/get_video_participant?test_id=${videoTest.id}`)),
    );
    expect(detail).toMatchObject({ id: result.id, type: 'video_heatmap', test_id: videoTest.id });
    expect(detail.video).toMatch(
      new RegExp(
        `^${literally(ctx.t.sign(`/api/v1/tests/${videoTest.id}/participants/${result.id}/video`, asClientMember()))}&v=\\d+$`,
      ),
    );
    expect(detail.moments).toEqual([
      { id: expect.any(Number), emotion: 'joy', start: 500, end: 900 },
      { id: expect.any(Number), emotion: 'spread', start: 1000, end: 3500 },
    ]);
    for (const key of ['emotions', 'eyes', 'mice', 'sections', 'significant_points'])
      expect(detail).toHaveProperty(key);
    expect(detail.emotions).toHaveLength(100);
    expectError(
      await as.otherAdmin.get(`/participants/get_video_participant?test_id=${videoTest.id}`),
      'not_found',
    );
  });
});

describe('GET /tests/:id/participants/:pid/favourite', () => {
  it('toggles the favourite mark for the company’s users and staff', async () => {
    const { t } = ctx;
    const { id } = await buildParticipant(t, testId);
    const toggle = async (client: ApiClient) =>
      participantSummarySchema.parse(expectOk(await client.get(`${participantUrl(id)}/favourite`))).favourite;
    expect(await toggle(as.clientMember)).toBe(true);
    expect(await toggle(as.clientAdmin)).toBe(false);
    expect(await toggle(as.staff)).toBe(true);
    const list = participantListAnswer.parse(
      expectOk(await as.clientMember.get(`/tests/${testId}/participants`)),
    );
    expect(list.find((participant) => participant.id === id)?.favourite).toBe(true);
  });

  it('refuses other companies and demo users, and does not toggle on HEAD', async () => {
    const { t, world } = ctx;
    const { id } = await buildParticipant(t, testId);
    expectError(await as.otherAdmin.get(`${participantUrl(id)}/favourite`), 'not_found');
    const demoTest = await buildTest(t.db, world.demo.id, RESULTS_READY);
    const demoParticipant = await buildParticipant(t, demoTest.id);
    expectError(
      await as.demoUser.get(`/tests/${demoTest.id}/participants/${demoParticipant.id}/favourite`),
      'forbidden',
    );
    // Demo users do read their company's participants.
    expectOk(await as.demoUser.get(`/tests/${demoTest.id}/participants/${demoParticipant.id}`));
    const head = await t.app.inject({ method: 'HEAD', url: `/api/v1${participantUrl(id)}/favourite` });
    expect(head.statusCode).toBe(404);
    const [row] = await t.db.select().from(participants).where(eq(participants.id, id));
    expect(row?.favourite).toBe(false);
  });
});

describe('DELETE /tests/:id/participants/:pid', () => {
  it('removes the participant, its rows and its files (researchers only)', async () => {
    const { t } = ctx;
    const { id } = await buildParticipant(t, testId, {
      significantPoints: [{ emotion: 'joy', timestampTop: START + 10 }],
    });
    expect(fs.readdirSync(filesOf(id)).sort()).toEqual(['emotions.lmbs.br', 'eyes.lmbs.br', 'mice.lmbs.br']);
    expectError(await as.clientAdmin.delete(participantUrl(id)), 'forbidden');
    expect(fs.existsSync(filesOf(id))).toBe(true);

    expect((await as.staff.delete(participantUrl(id))).statusCode).toBe(204);
    expect(fs.existsSync(filesOf(id))).toBe(false);
    expect(await t.db.select().from(participants).where(eq(participants.id, id))).toEqual([]);
    expect(
      await t.db.select().from(participantStreams).where(eq(participantStreams.participantId, id)),
    ).toEqual([]);
    expect(
      await t.db.select().from(significantPoints).where(eq(significantPoints.participantId, id)),
    ).toEqual([]);
    expectError(await as.staff.get(participantUrl(id)), 'not_found');
    expectError(await as.staff.delete(participantUrl(id)), 'not_found');
  });

  it('answers 404 for a participant of another test', async () => {
    const { t, world } = ctx;
    const otherTest = await buildTest(t.db, world.client.id, RESULTS_READY);
    expectError(await as.staff.delete(participantUrl(recorded.id, otherTest.id)), 'not_found');
    expect(fs.existsSync(filesOf(recorded.id))).toBe(true);
  });
});

describe('removing a company', () => {
  it('removes the files of its participants too', async () => {
    const { t } = ctx;
    const company = await buildCompany(t.db);
    const test = await buildTest(t.db, company.id, RESULTS_READY);
    const { id } = await buildParticipant(t, test.id);
    expect(fs.existsSync(filesOf(id))).toBe(true);
    expect((await as.staff.delete(`/companies/${company.id}`)).statusCode).toBe(204);
    expect(fs.existsSync(filesOf(id))).toBe(false);
  });
});
