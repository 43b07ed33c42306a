import { ERROR_STATUS, type ErrorCode } from '@limbus/contract';

/** The one error type of the server; the error handler maps its code to the HTTP status. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: Record<string, string[]>,
    /** A more precise 4xx than the code's own (415 for a body of the wrong kind); the body keeps the code. */
    private readonly exactStatus?: number,
  ) {
    super(message);
  }

  get status(): number {
    return this.exactStatus ?? ERROR_STATUS[this.code];
  }

  static fieldError(code: ErrorCode, field: string, message: string): AppError {
    return new AppError(code, message, { [field]: [message] });
  }
}

export const notFound = (what: string) => new AppError('not_found', `${what} was not found`);
export const forbidden = (message = 'You are not allowed to do this') => new AppError('forbidden', message);
export const unauthenticated = (message = 'Please sign in') => new AppError('unauthenticated', message);
