import type { ErrorBody, ErrorCode } from '@limbus/contract';

/** Status 0 stands for "the server could not be reached". */
export const NETWORK_ERROR_STATUS = 0;

/** Every failed call throws this: the HTTP status and the contract's error body. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly errors: Record<string, string[]>;

  constructor(status: number, body: Partial<ErrorBody>) {
    super(body.message ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = body.code ?? (status >= 500 || status === NETWORK_ERROR_STATUS ? 'internal' : 'validation');
    this.errors = body.errors ?? {};
  }

  get body(): ErrorBody {
    return { code: this.code, message: this.message, errors: this.errors };
  }

  /** The messages of one field joined by spaces (the spec joins a list that way), or undefined. */
  fieldError(field: string): string | undefined {
    const messages = this.errors[field];
    return messages && messages.length > 0 ? messages.join(' ') : undefined;
  }

  /** All field errors as one message per field. */
  fieldErrors(): Record<string, string> {
    const result: Record<string, string> = {};
    for (const [field, messages] of Object.entries(this.errors)) {
      if (messages.length > 0) result[field] = messages.join(' ');
    }
    return result;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
