import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { STREAM_MEDIA_TYPE } from '@limbus/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptsEncoding, matchesIfNoneMatch } from '../../http/accept-encoding.js';
import { decompressStream, type StoredStreamBytes } from './participant-streams.js';

const gzip = promisify(zlib.gzip);

/**
 * Sends a stored stream in the compact form. A client that accepts brotli (every current
 * browser) gets the stored bytes as they are: no work on the request path. Others get gzip or
 * the plain codec bytes, made on the libuv pool. Each encoding has its own ETag, since the bytes
 * differ; the answer may be cached privately but is revalidated (a participant can be recorded again).
 */
export async function sendStreamBytes(
  request: FastifyRequest,
  reply: FastifyReply,
  stored: StoredStreamBytes,
): Promise<FastifyReply> {
  const acceptEncoding = request.headers['accept-encoding'];
  const encoding = acceptsEncoding(acceptEncoding, 'br')
    ? 'br'
    : acceptsEncoding(acceptEncoding, 'gzip')
      ? 'gzip'
      : 'identity';
  const etag = `"${stored.hash}${encoding === 'identity' ? '' : `.${encoding}`}"`;
  reply
    .header('content-type', STREAM_MEDIA_TYPE)
    .header('vary', 'accept-encoding')
    .header('cache-control', 'private, no-cache')
    .header('etag', etag);
  if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.status(304).send();
  if (encoding === 'br') return reply.header('content-encoding', 'br').send(stored.bytes);
  const raw = await decompressStream(stored.bytes);
  if (encoding === 'gzip') {
    const zipped = await gzip(raw, { level: zlib.constants.Z_BEST_SPEED });
    return reply.header('content-encoding', 'gzip').send(zipped);
  }
  return reply.send(raw);
}
