import { describe, expect, it } from 'vitest';
import { useWorld } from '../../../test/api.js';
import { buildParticipant, buildTest } from '../../../test/factories.js';
import { saveStream } from '../participants/participant-streams.js';
import { cachedStream } from './stream-cache.js';

const ctx = useWorld();

describe('cachedStream', () => {
  it('answers the decoded stream once decoded, and reads a replaced stream anew', async () => {
    const test = await buildTest(ctx.t.db, ctx.world.client.id);
    const { id, recording } = await buildParticipant(ctx.t, test.id);
    const first = await cachedStream(ctx.t, id, 'mice');
    expect(first?.kind === 'mice' && first.samples.timestamp.length).toBe(
      recording.mice.samples.timestamp.length,
    );
    expect(await cachedStream(ctx.t, id, 'mice')).toBe(first);

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
    const replaced = await cachedStream(ctx.t, id, 'mice');
    expect(replaced).not.toBe(first);
    expect(replaced?.kind === 'mice' && replaced.samples.timestamp.length).toBe(half);
    expect(await cachedStream(ctx.t, id, 'eyes')).not.toBeNull();
    expect(await cachedStream(ctx.t, 999_999, 'eyes')).toBeNull();
  });
});
