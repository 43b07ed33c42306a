import { type DecodedStream, EXPRESSIONS, type ExpressionSamples, encodeStream } from '@limbus/analytics';
import { STREAM_MEDIA_TYPE, UPLOAD_MEDIA_TYPE } from '@limbus/contract';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { createTestSetup } from '../src/modules/test-setups/test-setups.service.js';
import type { TestApp } from './create-test-app.js';

/** A new test setup and a client that calls the ingestion API with its key. */
export async function buildRecorder(t: TestApp, name = 'Lab 1') {
  const { data, key } = await createTestSetup(
    { db: t.db, clock: () => t.clock.now },
    { name, ip: '10.0.0.5' },
  );
  return { setup: data, key, api: recorderClient(t.app, key) };
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE' | 'HEAD';

export function recorderClient(app: FastifyInstance, key: string) {
  const call = (method: Method, url: string, options: Omit<InjectOptions, 'method' | 'url'> = {}) =>
    app.inject({
      method,
      url: `/api/v1${url}`,
      ...options,
      headers: { authorization: `Setup ${key}`, ...(options.headers ?? {}) },
    });
  return {
    call,
    post: (url: string, payload: object = {}) => call('POST', url, { payload }),
    /** A batch in the binary codec. */
    putBinary: (pid: number, seq: number, stream: DecodedStream | Uint8Array, kind?: string) =>
      call(
        'PUT',
        `/ingest/participants/${pid}/streams/${kind ?? (stream as DecodedStream).kind}/batches/${seq}`,
        {
          payload: Buffer.from(stream instanceof Uint8Array ? stream : encodeStream(stream)),
          headers: { 'content-type': STREAM_MEDIA_TYPE },
        },
      ),
    putJson: (pid: number, kind: string, seq: number, columns: object) =>
      call('PUT', `/ingest/participants/${pid}/streams/${kind}/batches/${seq}`, { payload: columns }),
    patchVideo: (pid: number, offset: number, bytes: Uint8Array) =>
      call('PATCH', `/ingest/participants/${pid}/video`, {
        payload: Buffer.from(bytes),
        headers: { 'content-type': UPLOAD_MEDIA_TYPE, 'upload-offset': String(offset) },
      }),
  };
}

/** Samples `from`..`to` (exclusive) of a stream, as a stream of its own. */
export function sliceStream(stream: DecodedStream, from: number, to: number): DecodedStream {
  const cut = <T extends { subarray: (a: number, b: number) => T }>(column: T) => column.subarray(from, to);
  if (stream.kind === 'emotions') {
    const s = stream.samples;
    return {
      kind: 'emotions',
      samples: {
        timestamp: cut(s.timestamp),
        joy: cut(s.joy),
        attention: cut(s.attention),
        frustration: cut(s.frustration),
      },
    };
  }
  if (stream.kind === 'eyes') {
    const s = stream.samples;
    return { kind: 'eyes', samples: { timestamp: cut(s.timestamp), x: cut(s.x), y: cut(s.y) } };
  }
  if (stream.kind === 'expressions') {
    const samples = { timestamp: cut(stream.samples.timestamp) } as ExpressionSamples;
    for (const name of EXPRESSIONS) samples[name] = cut(stream.samples[name]);
    return { kind: 'expressions', samples };
  }
  const s = stream.samples;
  return {
    kind: 'mice',
    samples: {
      timestamp: cut(s.timestamp),
      x: cut(s.x),
      y: cut(s.y),
      scrollY: cut(s.scrollY),
      pageHeight: cut(s.pageHeight),
      click: cut(s.click),
      urlIndex: cut(s.urlIndex),
      urls: s.urls,
    },
  };
}

/** The first bytes of an MP4 file ('ftyp' box, brand isom) followed by filler. */
export function fakeMp4(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set([0, 0, 0, 0x18, ...Buffer.from('ftypisom')]);
  return bytes;
}
