import { z } from 'zod';

/** Error codes of the API; the server maps each to one HTTP status, the client reads the same codes. */
export const ERROR_STATUS = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  rate_limited: 429,
  /**
   * The server's AI provider cannot do this: translation and free text need a language model
   * (AI_PROVIDER=openai), and the offline provider (AI_PROVIDER=local) is not one.
   */
  ai_not_configured: 409,
  internal: 500,
  /** The AI service answered an error, something unreadable, or nothing in time. */
  ai_failed: 502,
  /** The AI service could not be reached or is busy. */
  ai_unavailable: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * Every error answer has this shape. `errors` holds messages per field (the spec's "errors keyed by
 * field"); its first message is what a screen shows when it shows only one.
 */
export const errorBodySchema = z.object({
  code: z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export function firstErrorMessage(body: Partial<ErrorBody> | undefined): string | undefined {
  const fieldMessages = Object.values(body?.errors ?? {}).flat();
  return fieldMessages[0] ?? body?.message;
}
