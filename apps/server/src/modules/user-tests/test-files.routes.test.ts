import { testFilesAnswer } from '@limbus/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, signInWorld, useWorld } from '../../../test/api.js';
import { buildParticipant, buildTest, giveVideo, MP4_HEAD } from '../../../test/factories.js';
import { tests } from '../../db/schema.js';

const ctx = useWorld();
let as: Awaited<ReturnType<typeof signInWorld>>;
let testId: number;
let participant: Awaited<ReturnType<typeof buildParticipant>>;
const RECORDING = Buffer.concat([MP4_HEAD, Buffer.alloc(2500, 3)]);

beforeAll(async () => {
  const { t, world } = ctx;
  as = await signInWorld(t.app, world);
  testId = (await buildTest(t.db, world.client.id, { state: 'done', name: 'Checkout / flow' })).id;
  participant = await buildParticipant(t, testId, { realId: 'P 7' });
  await buildParticipant(t, testId, { streams: [] });
  await giveVideo(t, { participantId: participant.id }, RECORDING);
  await t.db.update(tests).set({ report: 'javascript:alert(1)' }).where(eq(tests.id, testId));
});

const filesOf = async (id: number) =>
  testFilesAnswer.parse(expectOk(await as.staff.get(`/tests/${id}/files`))).files;

describe('GET /tests/{id}/files', () => {
  it("lists the participants' recordings and sample streams with size, date and download", async () => {
    const files = await filesOf(testId);
    const recording = files.find((file) => file.kind === 'screen_recording');
    expect(recording).toMatchObject({
      participant: { id: participant.id, real_id: 'P 7' },
      size: RECORDING.length,
      file_name: 'participant-P-7-recording.mp4',
      access: 'signed',
    });
    expect(recording?.url).toMatch(
      new RegExp(
        `^/api/v1/tests/${testId}/participants/${participant.id}/video\\?expires=\\d+&holder=\\d+&signature=`,
      ),
    );
    const streams = files.filter((file) => file.kind === 'samples');
    expect(streams.map((file) => file.stream).sort()).toEqual(['emotions', 'eyes', 'mice']);
    for (const stream of streams) {
      expect(stream.size).toBeGreaterThan(0);
      expect(stream.updated_at).toBeGreaterThan(1_600_000_000);
      expect(stream.access).toBe('token');
    }
    // the report is not a web address: it is not offered as a link
    expect(files.some((file) => file.kind === 'report')).toBe(false);
  });

  it('downloads each file through the route that serves it', async () => {
    const files = await filesOf(testId);
    const recording = files.find((file) => file.kind === 'screen_recording');
    const video = await ctx.t.app.inject({ method: 'GET', url: recording?.url ?? '' });
    expect(video.statusCode).toBe(200);
    expect(video.rawPayload.equals(RECORDING)).toBe(true);
    const eyes = files.find((file) => file.stream === 'eyes');
    const stream = await as.staff.get((eyes?.url ?? '').replace('/api/v1', ''));
    expect(stream.statusCode).toBe(200);
  });

  it("names a video test's own video and an outside report link", async () => {
    const { t, world } = ctx;
    const videoTest = await buildTest(t.db, world.other.id, {
      platform: 'video',
      report: 'https://reports.example/42.pdf',
    });
    await giveVideo(t, { testId: videoTest.id });
    const files = await filesOf(videoTest.id);
    expect(files.map((file) => file.kind)).toEqual(['test_video', 'report']);
    expect(files[1]).toMatchObject({ url: 'https://reports.example/42.pdf', size: null, access: 'external' });
  });

  it('is research only: client users of the company get 403, an unknown test 404', async () => {
    expectError(await as.clientAdmin.get(`/tests/${testId}/files`), 'forbidden');
    expectError(await as.otherAdmin.get(`/tests/${testId}/files`), 'forbidden');
    expectError(await as.staff.get('/tests/99999999/files'), 'not_found');
  });
});
