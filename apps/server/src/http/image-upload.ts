import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';
import { brokenForm, memoryTarget, receiveGuarded } from './upload-guard.js';

/** How an image upload route names its file in messages and how large it may be. */
export type ImageUploadLimit = { noun: 'A screenshot' | 'An image'; maxBytes: number };
/** How long a form may stop arriving before it is answered as broken (UPLOAD_IDLE_TIMEOUT_MS). */
export type UploadTiming = { idleMs: number };

/**
 * What a failed read of an upload answers: too large is 413; a form cut off midway or without a
 * boundary (busboy's errors carry no status) is the client's fault, not ours.
 */
export function uploadError(error: unknown, limit: ImageUploadLimit): unknown {
  const { code, statusCode } = error as { code?: string; statusCode?: number };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(limit);
  if (statusCode !== undefined && statusCode >= 400 && statusCode < 500) return error;
  return AppError.fieldError(
    'validation',
    'file',
    'The upload was not complete; please upload the image again',
  );
}

function tooLarge(limit: ImageUploadLimit): AppError {
  const message = `${limit.noun} may be at most ${limit.maxBytes / 1024 / 1024} MB`;
  return new AppError('payload_too_large', message, { file: [message] });
}

/** What a form may carry besides its file: boundaries, part headers, a title. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/**
 * Refuses a request that is not multipart/form-data with 415, and one whose Content-Length is
 * over the limit with 413 before its body is read.
 */
export function assertMultipart(request: FastifyRequest, limit: ImageUploadLimit): void {
  if (!request.isMultipart())
    throw new AppError(
      'validation',
      'Send the image as multipart/form-data in the field "file"',
      undefined,
      415,
    );
  const length = Number(request.headers['content-length']);
  if (length > limit.maxBytes + FORM_OVERHEAD_BYTES) {
    throw tooLarge(limit);
  }
}

/** The multipart reader's size limit for a file of at most `maxBytes`: one byte more shows a cut. */
export const fileSizeLimit = (limit: ImageUploadLimit) => limit.maxBytes + 1;

/**
 * The bytes of a file part within the limit, read under the upload guard (a form cut off or that
 * stops arriving is answered 400 instead of waited for). The reader checks for a cut-off file only
 * as pieces of it arrive: a piece ending at the limit followed by one past it comes back
 * whole-looking, so the length decides.
 */
export async function fileBytes(
  request: FastifyRequest,
  part: MultipartFile,
  limit: ImageUploadLimit,
  { idleMs }: UploadTiming,
): Promise<Buffer> {
  const memory = memoryTarget();
  await receiveGuarded({ file: part.file, body: request.raw }, memory.target, idleMs, () =>
    brokenForm('file', 'the image'),
  );
  const bytes = memory.bytes();
  if (bytes.length > limit.maxBytes || part.file.truncated) throw tooLarge(limit);
  return bytes;
}

/** The bytes of the one file of a multipart upload (field `file`), within the size limit. */
export async function readUploadedImage(
  request: FastifyRequest,
  limit: ImageUploadLimit,
  timing: UploadTiming,
): Promise<Buffer> {
  assertMultipart(request, limit);
  try {
    const part = await request.file({ limits: { fileSize: fileSizeLimit(limit), files: 1 } });
    if (part?.fieldname !== 'file')
      throw AppError.fieldError('validation', 'file', 'Choose an image to upload');
    return await fileBytes(request, part, limit, timing);
  } catch (error) {
    throw error instanceof AppError ? error : uploadError(error, limit);
  }
}
