import { auditListAnswer } from '@limbus/contract';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, signInWorld, useWorld } from '../../../test/api.js';
import { buildParticipant, buildTest, giveVideo, MP4_HEAD, RESULTS_READY } from '../../../test/factories.js';
import { consentRecords, consentTerms, participants } from '../../db/schema.js';
import { giveVoiceTake } from '../voice/voice.route-cases.js';

const ctx = useWorld();
let as: Awaited<ReturnType<typeof signInWorld>>;
beforeAll(async () => {
  as = await signInWorld(ctx.t.app, ctx.world);
});

const exportUrl = (testId: number, participantId: number) =>
  `/tests/${testId}/participants/${participantId}/access-export`;
const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);

async function recordedParticipant() {
  const test = await buildTest(ctx.t.db, ctx.world.client.id, RESULTS_READY);
  const recorded = await buildParticipant(ctx.t, test.id, { realId: 'P-0042' });
  return { test, ...recorded };
}

describe('GET /tests/:id/participants/:pid/access-export', () => {
  it('answers a ZIP of everything held about the participant, and audits the download', async () => {
    const { test, id, recording } = await recordedParticipant();
    const video = Buffer.concat([MP4_HEAD, Buffer.alloc(300_000, 9)]);
    await giveVideo(ctx.t, { participantId: id }, video);
    await giveVoiceTake(ctx.t, id);
    const [terms] = await ctx.t.db
      .insert(consentTerms)
      .values({
        testId: test.id,
        version: 1,
        text: 'I agree',
        streams: ['eyes', 'emotions'],
        purposes: ['report'],
      })
      .returning();
    if (!terms) throw new Error('no terms');
    await ctx.t.db.insert(consentRecords).values([
      {
        participantId: id,
        termsId: terms.id,
        streams: ['eyes', 'emotions'],
        purposes: ['report', 'ai'],
        givenAt: new Date('2026-01-12T09:00:00Z'),
        method: 'paper',
      },
      {
        participantId: id,
        termsId: terms.id,
        streams: ['eyes'],
        purposes: ['report'],
        givenAt: new Date('2026-02-01T09:00:00Z'),
        method: 'withdrawal',
      },
    ]);

    expectError(await as.anonymous.get(exportUrl(test.id, id)), 'unauthenticated');

    const answer = await as.clientAdmin.get(exportUrl(test.id, id));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('application/zip');
    expect(answer.headers['content-disposition']).toBe(
      'attachment; filename="participant-P-0042-access-export.zip"',
    );
    const files = unzipSync(new Uint8Array(answer.rawPayload));
    expect(Object.keys(files).sort()).toEqual([
      'README.txt',
      'answers.json',
      'comments.json',
      'consent.json',
      'participant.json',
      `recording/${id}.mp4`,
      'streams/emotions.csv',
      'streams/gaze.csv',
      'streams/mouse.csv',
      'voice/take-1.webm',
    ]);
    const meta = JSON.parse(text(files['participant.json']));
    expect(meta.participant).toMatchObject({ id, real_id: 'P-0042', has_recording: true });
    expect(meta.test).toMatchObject({ id: test.id, company_id: ctx.world.client.id });
    const consent = JSON.parse(text(files['consent.json']));
    expect(consent.history.map((entry: { method: string }) => entry.method)).toEqual(['paper', 'withdrawal']);
    expect(consent.history[1]).toMatchObject({
      terms_version: 1,
      granted_streams: ['eyes'],
      granted_purposes: ['report'],
    });
    const gaze = text(files['streams/gaze.csv']).trimEnd().split('\n');
    expect(gaze).toHaveLength(recording.eyes.samples.timestamp.length + 1);
    expect(gaze[0]).toMatch(/^participant_id,real_id,stream,timestamp_unix_ms/);
    expect(text(files['streams/emotions.csv']).trimEnd().split('\n')).toHaveLength(
      recording.emotions.samples.timestamp.length + 1,
    );
    expect(Buffer.from(files[`recording/${id}.mp4`] ?? []).equals(video)).toBe(true);
    expect(text(files['README.txt'])).toMatch(/Art\. 15/);
    expect(text(files['README.txt'])).toContain('voice/take-1.webm\n      A remote participant');
    expect(Buffer.from(files['voice/take-1.webm'] ?? []).subarray(0, 4)).toEqual(
      Buffer.from([0x1a, 0x45, 0xdf, 0xa3]),
    );

    const entries = auditListAnswer.parse(
      expectOk(await as.staff.get(`/audit?action=access_export_downloaded&test_id=${test.id}`)),
    ).data;
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor: { id: ctx.world.clientAdmin.id },
      participant: { label: 'P-0042' },
      company: { id: ctx.world.client.id },
    });
  });

  it('lets staff export any company’s participant, and notes data removed by the retention policy', async () => {
    const { test, id } = await recordedParticipant();
    await ctx.t.db
      .update(participants)
      .set({ removedData: { screen: { at: '2026-03-01T02:00:00.000Z', reason: 'retention' } } })
      .where(eq(participants.id, id));
    const answer = await as.staff.get(exportUrl(test.id, id));
    expect(answer.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(answer.rawPayload));
    expect(Object.keys(files).some((name) => name.startsWith('recording/'))).toBe(false);
    const meta = JSON.parse(text(files['participant.json']));
    expect(meta.participant.removed_data).toEqual({
      screen: { at: '2026-03-01T02:00:00.000Z', reason: 'retention' },
    });
    expect(JSON.parse(text(files['consent.json'])).history).toEqual([]);
  });

  it('refuses members, other companies and demo users, answers 404 for unknown ones, and audits none of it', async () => {
    const { test, id } = await recordedParticipant();
    expectError(await as.clientMember.get(exportUrl(test.id, id)), 'forbidden');
    expectError(await as.otherAdmin.get(exportUrl(test.id, id)), 'not_found');
    expectError(await as.demoUser.get(exportUrl(test.id, id)), 'not_found');
    expectError(await as.clientAdmin.get(exportUrl(test.id, 999_999)), 'not_found');
    expectError(await as.clientAdmin.get(exportUrl(999_999, id)), 'not_found');
    const other = await buildTest(ctx.t.db, ctx.world.client.id, RESULTS_READY);
    expectError(await as.clientAdmin.get(exportUrl(other.id, id)), 'not_found');
    const entries = auditListAnswer.parse(
      expectOk(await as.staff.get(`/audit?action=access_export_downloaded&test_id=${test.id}`)),
    ).data;
    expect(entries).toEqual([]);
  });
});
