import type { FastifyReply } from 'fastify';
import type { ByteRange, FileStore } from '../files/file-store.js';
import { notFound } from './app-error.js';

/** Content types of the media the server keeps, by file extension. */
const MEDIA_TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  mkv: 'video/x-matroska',
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  webm: 'audio/webm',
  ogg: 'audio/ogg',
  m4a: 'audio/mp4',
};

/**
 * The single byte range of a `Range: bytes=…` header within a file of `size` bytes: a range,
 * 'unsatisfiable', or null to send the whole file (no header, or one we do not serve, such as
 * several ranges: RFC 9110 lets a server ignore Range).
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  const match = header?.match(/^bytes=(\d*)-(\d*)$/);
  if (!match || (match[1] === '' && match[2] === '')) return null;
  const [first, last] = [match[1] ?? '', match[2] ?? ''];
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (start >= size) return 'unsatisfiable';
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  return end < start ? null : { start, end };
}

/** Sends a stored file with range support (videos seek by range); 404 naming `what` when missing. */
export async function sendStoredFile(
  reply: FastifyReply,
  files: FileStore,
  key: string,
  what: string,
  rangeHeader: string | undefined,
): Promise<FastifyReply> {
  const size = await files.size(key);
  if (size === null) throw notFound(what);
  const range = parseByteRange(rangeHeader, size);
  reply
    .header('accept-ranges', 'bytes')
    .header('cache-control', 'private, max-age=3600')
    .type(MEDIA_TYPES[key.split('.').pop() ?? ''] ?? 'application/octet-stream');
  if (range === 'unsatisfiable') return reply.status(416).header('content-range', `bytes */${size}`).send();
  const opened = await files.openRead(key, range ?? undefined);
  if (!opened) throw notFound(what);
  if (!range) return reply.header('content-length', opened.size).send(opened.body);
  return reply
    .status(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${opened.size}`)
    .header('content-length', range.end - range.start + 1)
    .send(opened.body);
}
