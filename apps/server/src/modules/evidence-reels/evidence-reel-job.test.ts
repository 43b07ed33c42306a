import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REEL_MESSAGES, type ReelClipRecord } from '@limbus/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useWorld } from '../../../test/api.js';
import {
  buildParticipant,
  buildTest,
  giveVideo,
  RESULTS_READY,
  tinyScreenRecording,
} from '../../../test/factories.js';
import {
  consentRecords,
  consentTerms,
  evidenceReels,
  insightSignificantPoints,
  insights,
  significantPoints,
} from '../../db/schema.js';
import type { FileStore } from '../../files/file-store.js';
import { probeVideo } from '../../media/probe-video.js';
import { leftOutNote, makeEvidenceReelJob } from './evidence-reel-job.js';
import { defaultClips, reelSubjects } from './evidence-reel-subjects.js';
import { withdrawParticipantFromReels } from './evidence-reel-withdrawal.js';
import { findReelRow, updateReelRow, upsertReelRow } from './evidence-reels.repository.js';

const ctx = useWorld();
const AT = Date.UTC(2026, 0, 12, 9, 30);

let dir = '';
let recording: Buffer;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'limbus-reel-job-'));
  recording = await tinyScreenRecording();
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const jobDeps = () => ({
  db: ctx.t.db,
  files: ctx.t.files,
  log: ctx.t.app.log,
  clock: () => ctx.t.clock.now,
});

/**
 * A done test of the client with three recorded participants whose points insight 1 cites; the
 * second did not consent to showing their screen, the third has no recording.
 */
async function reelTest() {
  const test = await buildTest(ctx.t.db, ctx.world.client.id, RESULTS_READY);
  const point = (emotion: 'frustration' | 'joy', atMs: number) => ({
    significantPoints: [
      { emotion, timestampTop: AT + atMs, comment: 'Sighs at the discount field', tags: [] },
    ],
  });
  const shown = await buildParticipant(ctx.t, test.id, point('frustration', 4000));
  const refusing = await buildParticipant(ctx.t, test.id, point('joy', 5000));
  const unrecorded = await buildParticipant(ctx.t, test.id, point('joy', 6000));
  for (const participant of [shown, refusing])
    await giveVideo(ctx.t, { participantId: participant.id }, recording);
  const [terms] = await ctx.t.db
    .insert(consentTerms)
    .values({
      testId: test.id,
      version: 1,
      text: 'We record you.',
      streams: ['emotions', 'eyes', 'mice', 'screen'],
      purposes: ['report'],
    })
    .returning();
  if (!terms) throw new Error('no terms');
  for (const [participant, streams] of [
    [shown, ['emotions', 'eyes', 'mice', 'screen']],
    [refusing, ['emotions', 'eyes', 'mice']],
    [unrecorded, ['emotions', 'eyes', 'mice', 'screen']],
  ] as const)
    await ctx.t.db.insert(consentRecords).values({
      participantId: participant.id,
      termsId: terms.id,
      streams: [...streams],
      purposes: ['report'],
      givenAt: new Date(AT),
      method: 'recorder',
    });
  const [insight] = await ctx.t.db
    .insert(insights)
    .values({ testId: test.id, assignedId: 1, title: 'The discount field frustrates' })
    .returning();
  if (!insight) throw new Error('no insight');
  const points = await ctx.t.db
    .select({ id: significantPoints.id })
    .from(significantPoints)
    .where(inArray(significantPoints.participantId, [shown.id, refusing.id, unrecorded.id]));
  await ctx.t.db
    .insert(insightSignificantPoints)
    .values(points.map((point) => ({ insightId: insight.id, significantPointId: point.id })));
  return { test, insight, shown };
}

/** The insight's reel as the render route leaves it for the job: rendering. */
async function renderingReel(insightId: number, clips: ReelClipRecord[]) {
  const reelId = await upsertReelRow(ctx.t.db, insightId, { clips, leftOut: 1 }, 'original');
  await updateReelRow(ctx.t.db, reelId, { state: 'rendering' });
  return reelId;
}

describe('make_evidence_reel', () => {
  it('renders the clips of the consenting participants with a recording and stores the MP4', async () => {
    const { test, insight, shown } = await reelTest();
    const subjects = await reelSubjects(ctx.t, test.id, insight.id);
    expect([...subjects.points.values()].map((point) => point.participantId)).toEqual([shown.id]);
    expect(subjects.leftOut).toBe(1);
    expect(subjects.badge).toBe('3 of 3 participants');
    const reelId = await renderingReel(insight.id, defaultClips(subjects));
    const percents: number[] = [];
    await makeEvidenceReelJob(jobDeps(), { reel_id: reelId }, { reportProgress: (p) => percents.push(p) });

    const reel = await findReelRow(ctx.t.db, reelId);
    expect(reel).toMatchObject({ state: 'ready', progress: 100, leftOut: 1, message: null });
    const stored = await ctx.t.files.get(reel?.fileKey ?? '');
    if (!stored) throw new Error('no reel file');
    const file = path.join(dir, 'reel.mp4');
    fs.writeFileSync(file, stored);
    const info = await probeVideo(file);
    expect(info).toMatchObject({ width: 1280, height: 720 });
    // A 2 s title card and the 7 s clip.
    expect(Math.abs(info.durationMs - 9000)).toBeLessThanOrEqual(200);
    expect(percents.length).toBeGreaterThan(3);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
  });

  it.each([
    ['erased', null],
    ['recording removed', REEL_MESSAGES.recordingRemoved],
  ] as const)(
    "keeps no file when the participant's data goes (%s) while the reel is being rendered",
    async (reason, message) => {
      const { test, insight, shown } = await reelTest();
      const subjects = await reelSubjects(ctx.t, test.id, insight.id);
      const reelId = await renderingReel(insight.id, defaultClips(subjects));
      // A reel whose file shows them, and the erasure's (retention's) change of the reels committing
      // while the render stores its new file.
      await updateReelRow(ctx.t.db, reelId, {
        fileKey: 'reels/before.mp4',
        renderedPointIds: [...subjects.points.keys()],
      });
      await ctx.t.files.put('reels/before.mp4', Buffer.from('before'));
      const storing: FileStore = {
        ...ctx.t.files,
        put: async (key, bytes) => {
          await ctx.t.files.put(key, bytes);
          await ctx.t.db.transaction((tx) => withdrawParticipantFromReels(tx, shown.id, reason));
        },
      };
      await makeEvidenceReelJob({ ...jobDeps(), files: storing }, { reel_id: reelId });
      const row = await findReelRow(ctx.t.db, reelId);
      if (message === null) expect(row).toBeNull();
      else expect(row).toMatchObject({ state: 'draft', fileKey: null, message });
      expect(await ctx.t.files.list(`reels/insight-${insight.id}-`)).toEqual([]);
    },
  );

  it('fails the reel with a message when none of its clips can be shown any more', async () => {
    const { insight } = await reelTest();
    const reelId = await upsertReelRow(
      ctx.t.db,
      insight.id,
      {
        clips: [{ point_id: 2 ** 31 - 1, start_offset_ms: -3000, end_offset_ms: 4000 }],
        leftOut: 0,
      },
      'original',
    );
    await makeEvidenceReelJob(jobDeps(), { reel_id: reelId });
    const [row] = await ctx.t.db.select().from(evidenceReels).where(eq(evidenceReels.id, reelId));
    expect(row).toMatchObject({ state: 'failed', message: REEL_MESSAGES.noClips, fileKey: null });
  });

  it('says how many participants were left out', () => {
    expect(leftOutNote(0)).toBe('');
    expect(leftOutNote(1)).toBe('1 participant left out: no consent to show their screen recording');
    expect(leftOutNote(3)).toMatch(/^3 participants left out/);
  });
});
