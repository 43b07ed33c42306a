import type { StreamKind } from '@limbus/analytics';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { useWorld } from '../../../test/api.js';
import { buildParticipant, buildTest } from '../../../test/factories.js';
import { saveStream } from '../participants/participant-streams.js';
import { findStreamRow } from '../participants/participants.repository.js';
import { cachedStream } from './stream-cache.js';

const ctx = useWorld();

/** The participant's stream through the cache, or null when it has none (as the heatmap calls read it). */
async function streamOf(participantId: number, kind: StreamKind) {
  const row = await findStreamRow(ctx.t.db, participantId, kind);
  return row ? cachedStream(ctx.t, row) : null;
}

describe('cachedStream', () => {
  it('answers the decoded stream once decoded, and reads a replaced stream anew', async () => {
    const test = await buildTest(ctx.t.db, ctx.world.client.id);
    const { id, recording } = await buildParticipant(ctx.t, test.id);
    const first = await streamOf(id, 'mice');
    expect(first?.kind === 'mice' && first.samples.timestamp.length).toBe(
      recording.mice.samples.timestamp.length,
    );
    expect(await streamOf(id, 'mice')).toBe(first);

    const { samples } = recording.mice;
    const half = samples.timestamp.length >> 1;
    await saveStream(ctx.t, id, {
      kind: 'mice',
      samples: {
        timestamp: samples.timestamp.slice(0, half),
        x: samples.x.slice(0, half),
        y: samples.y.slice(0, half),
        scrollY: samples.scrollY.slice(0, half),
        pageHeight: samples.pageHeight.slice(0, half),
        click: samples.click.slice(0, half),
        urlIndex: samples.urlIndex.slice(0, half),
        urls: samples.urls,
      },
    });
    const replaced = await streamOf(id, 'mice');
    expect(replaced).not.toBe(first);
    expect(replaced?.kind === 'mice' && replaced.samples.timestamp.length).toBe(half);
    expect(await streamOf(id, 'eyes')).not.toBeNull();
    expect(await streamOf(999_999, 'eyes')).toBeNull();
  });
});

describe('forgetting an erased participant', () => {
  it("forgets the participant's decoded streams when any process announces its erasure, and keeps the others'", async () => {
    const test = await buildTest(ctx.t.db, ctx.world.client.id);
    const erased = (await buildParticipant(ctx.t, test.id)).id;
    const kept = (await buildParticipant(ctx.t, test.id)).id;
    const erasedStream = await streamOf(erased, 'eyes');
    const keptStream = await streamOf(kept, 'eyes');
    expect(await streamOf(erased, 'eyes')).toBe(erasedStream);
    // The notice the erasure's transaction sends, as another process's would arrive.
    await ctx.t.db.execute(sql`select pg_notify('limbus_actor_changed', ${`participant:${erased}`})`);
    await vi.waitFor(async () => expect(await streamOf(erased, 'eyes')).not.toBe(erasedStream), {
      timeout: 5000,
    });
    expect(await streamOf(kept, 'eyes')).toBe(keptStream);
  });
});
