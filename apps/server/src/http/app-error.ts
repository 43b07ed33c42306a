import { ERROR_STATUS, type ErrorCode } from '@limbus/contract';

/** The one error type of the server; the error handler maps its code to the HTTP status. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  static fieldError(code: ErrorCode, field: string, message: string): AppError {
    return new AppError(code, message, { [field]: [message] });
  }
}

export const notFound = (what: string) => new AppError('not_found', `${what} was not found`);
export const forbidden = (message = 'You are not allowed to do this') => new AppError('forbidden', message);
export const unauthenticated = (message = 'Please sign in') => new AppError('unauthenticated', message);
