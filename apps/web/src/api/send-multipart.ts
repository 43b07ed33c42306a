import type { ErrorBody } from '@limbus/contract';
import { ApiError, NETWORK_ERROR_STATUS } from './api-error';
import { API_BASE, api } from './client';
import { readToken } from './session';

type Reply = { status: number; text: string };

export type UploadOptions = {
  /** Share of the body sent so far, 0 to 1. */
  onProgress?: (share: number) => void;
  signal?: AbortSignal;
};

function sendOnce(
  method: 'POST' | 'PATCH',
  path: string,
  body: FormData,
  options: UploadOptions,
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, `${API_BASE}${path}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    const token = readToken();
    if (token) xhr.setRequestHeader('Authorization', token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () =>
      reject(
        new ApiError(NETWORK_ERROR_STATUS, {
          code: 'internal',
          message: 'The upload did not reach the server. Check your connection and try again.',
        }),
      );
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    // the browser sets the multipart boundary itself
    xhr.send(body);
  });
}

function parse(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return { message: text };
  }
}

/**
 * A multipart call with upload progress (fetch reports none): XMLHttpRequest with the session's
 * bearer token, one shared refresh and retry on 401, ApiError with the contract's body on failure.
 */
export async function sendMultipart<T>(
  method: 'POST' | 'PATCH',
  path: string,
  body: FormData,
  options: UploadOptions = {},
): Promise<T> {
  let reply = await sendOnce(method, path, body, options);
  if (reply.status === 401 && (await api.refreshSession()))
    reply = await sendOnce(method, path, body, options);
  const answer = parse(reply.text);
  if (reply.status >= 200 && reply.status < 300) return answer as T;
  throw new ApiError(reply.status, (answer ?? {}) as Partial<ErrorBody>);
}
