import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';

/** How an image upload route names its file in messages and how large it may be. */
export type ImageUploadLimit = { noun: 'A screenshot' | 'An image'; maxBytes: number };

/**
 * What a failed read of an upload answers: too large is 413; a form cut off midway or without a
 * boundary (busboy's errors carry no status) is the client's fault, not ours.
 */
export function uploadError(error: unknown, limit: ImageUploadLimit): unknown {
  const { code, statusCode } = error as { code?: string; statusCode?: number };
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    const message = `${limit.noun} may be at most ${limit.maxBytes / 1024 / 1024} MB`;
    return new AppError('payload_too_large', message, { file: [message] });
  }
  if (statusCode !== undefined && statusCode >= 400 && statusCode < 500) return error;
  return AppError.fieldError(
    'validation',
    'file',
    'The upload was not complete; please upload the image again',
  );
}

/** Refuses a request that is not multipart/form-data with 415. */
export function assertMultipart(request: FastifyRequest): void {
  if (!request.isMultipart())
    throw new AppError(
      'validation',
      'Send the image as multipart/form-data in the field "file"',
      undefined,
      415,
    );
}

/** The bytes of the one file of a multipart upload (field `file`), within the size limit. */
export async function readUploadedImage(request: FastifyRequest, limit: ImageUploadLimit): Promise<Buffer> {
  assertMultipart(request);
  try {
    const part = await request.file({ limits: { fileSize: limit.maxBytes, files: 1 } });
    if (part?.fieldname !== 'file')
      throw AppError.fieldError('validation', 'file', 'Choose an image to upload');
    return await part.toBuffer();
  } catch (error) {
    throw error instanceof AppError ? error : uploadError(error, limit);
  }
}
