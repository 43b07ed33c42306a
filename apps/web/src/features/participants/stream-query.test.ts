import { encodeStream } from '@limbus/analytics';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { streamQuery } from './api';

const emotions = encodeStream({
  kind: 'emotions',
  samples: {
    timestamp: Float64Array.from([1000, 1100]),
    joy: Float32Array.from([0.5, 0.25]),
    attention: Float32Array.from([0, 1]),
    frustration: Float32Array.from([1, 0]),
  },
});

/** The stream endpoint answering `bytes` (or 404 without them) for every kind. */
function serveStream(bytes: Uint8Array | null) {
  const fetch = vi.fn(async () =>
    bytes ? new Response(bytes.slice(), { status: 200 }) : new Response(null, { status: 404 }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('streamQuery', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('decodes the stream of the kind asked for', async () => {
    serveStream(emotions);
    const samples = await new QueryClient().fetchQuery(streamQuery(7, 25, 'emotions'));
    expect(samples?.joy[0]).toBeCloseTo(0.5, 4);
    expect(Array.from(samples?.timestamp ?? [])).toEqual([1000, 1100]);
  });

  it('gives nothing for a stream of another kind or none at all', async () => {
    serveStream(emotions);
    expect(await new QueryClient().fetchQuery(streamQuery(7, 25, 'eyes'))).toBeNull();
    serveStream(null);
    expect(await new QueryClient().fetchQuery(streamQuery(7, 25, 'mice'))).toBeNull();
  });

  it('asks for no stream the participant is known to lack: a webcam’s EEG, a kind it did not store', async () => {
    const fetch = serveStream(emotions);
    expect(
      await new QueryClient().fetchQuery(streamQuery(7, 25, 'emotions', { source: 'webcam' })),
    ).toBeNull();
    expect(
      await new QueryClient().fetchQuery(streamQuery(7, 25, 'expressions', { streams: ['eyes', 'mice'] })),
    ).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
    expect(
      await new QueryClient().fetchQuery(streamQuery(7, 25, 'emotions', { streams: ['emotions'] })),
    ).not.toBeNull();
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
