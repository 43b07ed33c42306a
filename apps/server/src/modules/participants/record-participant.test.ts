import fs from 'node:fs';
import path from 'node:path';
import type { DecodedStream } from '@limbus/analytics';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useWorld } from '../../../test/api.js';
import { buildParticipant, buildTest } from '../../../test/factories.js';
import { syntheticRecording } from '../../../test/synthetic-streams.js';
import { participantStreams, participants, significantPoints, tags } from '../../db/schema.js';
import type { FileStore } from '../../files/file-store.js';
import { AppError } from '../../http/app-error.js';
import { loadStream, removeParticipantFiles } from './participant-streams.js';
import { recordParticipant } from './record-participant.js';

const ctx = useWorld();
let testId: number;
const START = Date.UTC(2026, 1, 3, 14, 0);
const streamsDir = () => path.join(ctx.t.dataDir, 'files', 'streams');
const fileCount = () =>
  fs.existsSync(streamsDir()) ? fs.readdirSync(streamsDir(), { recursive: true }).length : 0;
const rowsWithRealId = (realId: string) =>
  ctx.t.db
    .select()
    .from(participants)
    .where(and(eq(participants.testId, testId), eq(participants.realId, realId)));

beforeAll(async () => {
  testId = (await buildTest(ctx.t.db, ctx.world.client.id)).id;
});

describe('recordParticipant', () => {
  it('updates the participant of the same real_id instead of adding one', async () => {
    const { t } = ctx;
    const first = await buildParticipant(t, testId, {
      realId: 'R-1',
      totalClicks: 3,
      recording: { startMs: START, durationMs: 5000 },
    });
    const again = await buildParticipant(t, testId, {
      realId: 'R-1',
      totalClicks: 9,
      demographic: { age: 51, gender: 'male', education: 'College' },
      recording: { startMs: START, durationMs: 8000 },
    });
    expect(again.id).toBe(first.id);
    const rows = await rowsWithRealId('R-1');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      totalClicks: 9,
      demographic: { age: 51, gender: 'male', education: 'College' },
      endedAt: new Date(START + 8000),
    });
    const streams = await t.db
      .select()
      .from(participantStreams)
      .where(eq(participantStreams.participantId, first.id));
    expect(streams.map((row) => [row.kind, row.sampleCount]).sort()).toEqual([
      ['emotions', 80],
      ['eyes', 480],
      ['mice', 500],
    ]);
    const eyes = streams.find((row) => row.kind === 'eyes');
    expect(eyes?.firstTimestamp).toBeCloseTo(START, -1);
    expect(eyes?.byteSize).toBe(fs.statSync(path.join(streamsDir(), String(first.id), 'eyes.lmbs.br')).size);
    expect((await loadStream(t, first.id, 'emotions'))?.samples.timestamp.length).toBe(80);
  });

  it('keeps streams of kinds not given, and points a researcher edited', async () => {
    const { t } = ctx;
    const { id } = await buildParticipant(t, testId, {
      realId: 'R-2',
      significantPoints: [
        { emotion: 'joy', timestampTop: START + 100, tags: ['First'] },
        { emotion: 'attention', timestampTop: START + 200 },
      ],
    });
    await t.db
      .update(significantPoints)
      .set({ comment: 'A researcher wrote this', edited: true })
      .where(and(eq(significantPoints.participantId, id), eq(significantPoints.emotion, 'joy')));
    const { recording } = await buildParticipant(t, testId, {
      realId: 'R-2',
      recording: { startMs: START, durationMs: 3000 },
      significantPoints: [
        { emotion: 'joy', timestampTop: START + 100, comment: 'recomputed' },
        { emotion: 'frustration', timestampTop: START + 300, tags: ['first', 'Second'] },
      ],
    });
    expect(recording.emotions.samples.timestamp.length).toBe(30);
    const points = await t.db
      .select()
      .from(significantPoints)
      .where(eq(significantPoints.participantId, id))
      .orderBy(significantPoints.timestampTop);
    expect(points.map((point) => [point.emotion, point.comment])).toEqual([
      ['joy', 'A researcher wrote this'],
      ['frustration', ''],
    ]);
    // Tag names are matched without regard to case: "first" is the tag "First".
    const testTags = await t.db.select().from(tags).where(eq(tags.testId, testId));
    expect(testTags.map((tag) => tag.name).sort()).toEqual(['First', 'Second']);

    await recordParticipant(t, testId, {
      realId: 'R-2',
      streams: [syntheticRecording({ startMs: START, durationMs: 1000 }).eyes],
    });
    expect((await loadStream(t, id, 'eyes'))?.samples.timestamp.length).toBe(60);
    expect((await loadStream(t, id, 'emotions'))?.samples.timestamp.length).toBe(30);
  });

  const broken: [string, (stream: SyntheticStreams) => DecodedStream, RegExp][] = [
    [
      'columns of unequal length',
      (streams) => ({
        kind: 'emotions',
        samples: { ...streams.emotions.samples, joy: streams.emotions.samples.joy.subarray(1) },
      }),
      /joy has 99 values where timestamp has 100/,
    ],
    [
      'a NaN emotion score',
      (streams) => {
        const joy = streams.emotions.samples.joy.slice();
        joy[5] = Number.NaN;
        return { kind: 'emotions', samples: { ...streams.emotions.samples, joy } };
      },
      /joy\[5\] is NaN/,
    ],
    [
      'timestamps out of order',
      (streams) => {
        const timestamp = streams.eyes.samples.timestamp.slice();
        timestamp[10] = (timestamp[9] as number) - 5;
        return { kind: 'eyes', samples: { ...streams.eyes.samples, timestamp } };
      },
      /timestamp\[10\] .* is earlier than the one before it/,
    ],
  ];
  type SyntheticStreams = ReturnType<typeof syntheticRecording>;

  it.each(broken)(
    'refuses %s with a validation error naming it, writing nothing',
    async (_name, breakIt, problem) => {
      const { t } = ctx;
      const streams = syntheticRecording({ startMs: START, durationMs: 10_000 });
      const bad = breakIt(streams);
      const filesBefore = fileCount();
      const realId = `broken-${bad.kind}-${problem.source.length}`;
      const attempt = recordParticipant(t, testId, {
        realId,
        streams: [streams.mice, bad],
      });
      await expect(attempt).rejects.toBeInstanceOf(AppError);
      const error = (await attempt.catch((caught: unknown) => caught)) as AppError;
      expect(error.status).toBe(400);
      expect(error.code).toBe('validation');
      expect(error.message).toMatch(problem);
      expect(error.errors?.[bad.kind]?.join(' ')).toMatch(problem);
      expect(await rowsWithRealId(realId)).toEqual([]);
      expect(fileCount()).toBe(filesBefore);
    },
  );

  it('leaves an existing participant as it was when a new recording is refused', async () => {
    const { t } = ctx;
    const { id } = await buildParticipant(t, testId, { realId: 'R-3', totalClicks: 2 });
    const eyesFile = path.join(streamsDir(), String(id), 'eyes.lmbs.br');
    const before = fs.readFileSync(eyesFile);
    const streams = syntheticRecording({ startMs: START, durationMs: 2000, seed: 99 });
    const timestamp = streams.eyes.samples.timestamp.slice().reverse();
    await expect(
      recordParticipant(t, testId, {
        realId: 'R-3',
        totalClicks: 50,
        streams: [{ kind: 'eyes', samples: { ...streams.eyes.samples, timestamp } }],
      }),
    ).rejects.toMatchObject({ code: 'validation' });
    expect(Buffer.compare(fs.readFileSync(eyesFile), before)).toBe(0);
    expect((await rowsWithRealId('R-3'))[0]?.totalClicks).toBe(2);
  });

  it('refuses bad metadata, a stream given twice and an unknown test', async () => {
    const { t } = ctx;
    const { eyes } = syntheticRecording({ startMs: START, durationMs: 1000 });
    await expect(recordParticipant(t, testId, { realId: '  ', streams: [] })).rejects.toMatchObject({
      code: 'validation',
      errors: { realId: [expect.any(String)] },
    });
    await expect(
      recordParticipant(t, testId, { realId: 'R-4', totalClicks: -1, streams: [] }),
    ).rejects.toMatchObject({ code: 'validation', errors: { totalClicks: [expect.any(String)] } });
    await expect(
      recordParticipant(t, testId, {
        realId: 'R-4',
        startedAt: new Date(START + 1),
        endedAt: new Date(START),
        streams: [],
      }),
    ).rejects.toMatchObject({ code: 'validation', errors: { endedAt: [expect.any(String)] } });
    await expect(
      recordParticipant(t, testId, {
        realId: 'R-4',
        sections: [{ timestampStart: START + 10, timestampEnd: START }],
        streams: [],
      }),
    ).rejects.toMatchObject({ code: 'validation', errors: { timestampEnd: [expect.any(String)] } });
    await expect(
      recordParticipant(t, testId, { realId: 'R-4', streams: [eyes, eyes] }),
    ).rejects.toMatchObject({
      code: 'validation',
      errors: { eyes: [expect.any(String)] },
    });
    await expect(recordParticipant(t, 999_999, { realId: 'R-4', streams: [eyes] })).rejects.toMatchObject({
      code: 'not_found',
    });
    expect(await rowsWithRealId('R-4')).toEqual([]);
  });
});

describe('removeParticipantFiles', () => {
  it('logs a file that cannot be removed instead of failing', async () => {
    const warnings: unknown[] = [];
    const files = {
      deletePrefix: async () => {
        throw new Error('disk on fire');
      },
      delete: async () => undefined,
    } as unknown as FileStore;
    const log = { warn: (...args: unknown[]) => warnings.push(args) } as unknown as FastifyBaseLogger;
    await expect(removeParticipantFiles({ files, log }, [{ id: 1, video: null }])).resolves.toBeUndefined();
    expect(warnings).toHaveLength(1);
  });
});
