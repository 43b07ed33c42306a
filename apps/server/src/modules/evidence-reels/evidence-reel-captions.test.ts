import fs from 'node:fs';
import { inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useWorld } from '../../../test/api.js';
import {
  buildParticipant,
  buildTest,
  giveVideo,
  RESULTS_READY,
  tinyScreenRecording,
} from '../../../test/factories.js';
import { insightSignificantPoints, insights, significantPoints } from '../../db/schema.js';
import type { RenderEvidenceReelOptions } from '../../media/evidence-reel.js';
import { makeEvidenceReelJob } from './evidence-reel-job.js';
import { defaultClips, reelSubjects } from './evidence-reel-subjects.js';
import { updateReelRow, upsertReelRow } from './evidence-reels.repository.js';

// The render itself is evidence-reel-job.test.ts's; here, what the job asks it to draw.
const rendered = vi.hoisted(() => [] as RenderEvidenceReelOptions[]);
vi.mock('../../media/evidence-reel.js', () => ({
  renderEvidenceReel: async (options: RenderEvidenceReelOptions) => {
    rendered.push(options);
    await fs.promises.writeFile(options.output, 'not really an MP4');
  },
}));

const ctx = useWorld();
const AT = Date.UTC(2026, 0, 12, 9, 30);
let recording: Buffer;
beforeAll(async () => {
  recording = await tinyScreenRecording();
});

describe("a reel's captions and title", () => {
  it('name participants by pseudonym, never by their label, in the original and the translation', async () => {
    const test = await buildTest(ctx.t.db, ctx.world.client.id, RESULTS_READY);
    const comment = (text: string, translation: string, atMs: number) => ({
      significantPoints: [
        { emotion: 'frustration' as const, timestampTop: AT + atMs, comment: text, translation, tags: [] },
      ],
    });
    const anna = await buildParticipant(ctx.t, test.id, {
      realId: 'REAL-ANNA',
      ...comment('REAL-ANNA zucht, net als REAL-BOB', 'REAL-ANNA sighs, as REAL-BOB did', 4000),
    });
    const bob = await buildParticipant(ctx.t, test.id, {
      realId: 'REAL-BOB',
      ...comment('REAL-BOB scrolt terug', 'REAL-BOB scrolls back (not REAL-BOBBY)', 5000),
    });
    for (const participant of [anna, bob])
      await giveVideo(ctx.t, { participantId: participant.id }, recording);
    const [insight] = await ctx.t.db
      .insert(insights)
      .values({ testId: test.id, assignedId: 1, title: 'REAL-BOB and REAL-ANNA stall at the discount' })
      .returning();
    if (!insight) throw new Error('no insight');
    const points = await ctx.t.db
      .select({ id: significantPoints.id })
      .from(significantPoints)
      .where(inArray(significantPoints.participantId, [anna.id, bob.id]));
    await ctx.t.db
      .insert(insightSignificantPoints)
      .values(points.map((point) => ({ insightId: insight.id, significantPointId: point.id })));

    const subjects = await reelSubjects(ctx.t, test.id, insight.id);
    for (const language of ['translation', 'original'] as const) {
      const reelId = await upsertReelRow(
        ctx.t.db,
        insight.id,
        { clips: defaultClips(subjects), leftOut: 0 },
        language,
      );
      await updateReelRow(ctx.t.db, reelId, { state: 'rendering', captionLanguage: language });
      rendered.length = 0;
      await makeEvidenceReelJob(
        { db: ctx.t.db, files: ctx.t.files, log: ctx.t.app.log, clock: () => ctx.t.clock.now },
        { reel_id: reelId },
      );
      const [options] = rendered;
      expect(options?.title).toBe('P02 and P01 stall at the discount');
      expect(options?.clips.map((clip) => [clip.pseudonym, clip.caption])).toEqual(
        language === 'translation'
          ? [
              ['P01', 'P01 sighs, as P02 did'],
              ['P02', 'P02 scrolls back (not REAL-BOBBY)'],
            ]
          : [
              ['P01', 'P01 zucht, net als P02'],
              ['P02', 'P02 scrolt terug'],
            ],
      );
    }
  });
});
