import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptsEncoding } from './accept-encoding.js';

const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Below this an answer goes as it is: compressing would cost more than it saves. */
const MIN_BYTES = 16 * 1024;

/**
 * `onSend` hook of the routes with large JSON answers (a participant with its samples: some 20 MB
 * for 30 minutes). Brotli quality 1, or gzip level 1 for clients without br, run on the libuv
 * pool: about 50–70 ms for 20 MB, for an answer 8–9× smaller (bench/participant-endpoint.ts).
 * Higher levels cost two to four times as much for some 10 % less. A route-scoped hook rather than
 * @fastify/compress: only these answers are worth it, and the stream route sends bytes already
 * compressed.
 */
export async function compressLargeAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  reply.header('vary', 'accept-encoding');
  if (typeof payload !== 'string' || payload.length < MIN_BYTES || reply.hasHeader('content-encoding')) {
    return payload;
  }
  const acceptEncoding = request.headers['accept-encoding'];
  if (acceptsEncoding(acceptEncoding, 'br')) {
    reply.header('content-encoding', 'br');
    return brotliCompress(payload, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 1,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: payload.length,
      },
    });
  }
  if (acceptsEncoding(acceptEncoding, 'gzip')) {
    reply.header('content-encoding', 'gzip');
    return gzip(payload, { level: 1 });
  }
  return payload;
}
