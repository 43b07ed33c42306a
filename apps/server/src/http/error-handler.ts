import type { ErrorBody } from '@limbus/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from './app-error.js';

/** Maps every error to the contract's error body; nothing but a real fault answers 500. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const body = toErrorBody(error);
    const status = body.code === 'internal' ? 500 : statusOf(error, body);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: body.code, status }, body.message);
    discardUnreadBody(request, reply, status);
    return reply.status(status).send(body);
  });
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({ code: 'not_found', message: `No route ${request.method} ${request.url}` }),
  );
}

/** A body up to this size is read to its end after an early answer; a larger one ends the connection. */
const DRAIN_LIMIT = 64 * 1024 * 1024;

/**
 * An answer given before the body was read (a wrong form field, too many fields) leaves the rest
 * of the body in the connection, and a keep-alive client's next request would wait behind it: the
 * rest is read and dropped, or, when it is too large (413), large or of unknown length, the
 * connection is closed.
 */
function discardUnreadBody(request: FastifyRequest, reply: FastifyReply, status: number): void {
  const raw = request.raw;
  if (raw.complete || raw.readableEnded) return;
  const declared = Number(request.headers['content-length']);
  if (status === 413 || !(declared <= DRAIN_LIMIT)) reply.header('connection', 'close');
  raw.unpipe();
  raw.resume();
}

/** Fastify's `frameworkErrors` option: errors raised before routing (a malformed URL) get the same body. */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const body = toErrorBody(error);
  reply.status(body.code === 'internal' ? 500 : statusOf(error, body)).send(body);
}

function statusOf(error: FastifyError, body: ErrorBody): number {
  if (error instanceof AppError) return error.status;
  if (body.code === 'rate_limited') return 429;
  if (body.code === 'payload_too_large') return 413;
  return error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
}

function toErrorBody(error: FastifyError): ErrorBody {
  if (error instanceof AppError) return { code: error.code, message: error.message, errors: error.errors };
  if (hasZodFastifySchemaValidationErrors(error)) {
    // A Map: field names come from the request, and `toString` or `__proto__` must stay plain keys.
    const errors = new Map<string, string[]>();
    for (const issue of error.validation) {
      const unknownKeys = issue.keyword === 'unrecognized_keys' ? (issue.params.keys as string[]) : [];
      const fields = unknownKeys.length > 0 ? unknownKeys : [fieldName(issue.instancePath)];
      const message = unknownKeys.length > 0 ? 'This field is not allowed' : (issue.message ?? 'Not valid');
      for (const field of fields) errors.set(field, [...(errors.get(field) ?? []), message]);
    }
    const first = errors.values().next().value?.[0];
    return {
      code: 'validation',
      message: first ?? 'Some fields are not valid',
      errors: Object.fromEntries(errors),
    };
  }
  if (isResponseSerializationError(error))
    return { code: 'internal', message: 'The answer could not be made' };
  if (error.statusCode === 429)
    return { code: 'rate_limited', message: 'Too many requests. Wait a minute and try again.' };
  if (error.statusCode === 413) return { code: 'payload_too_large', message: 'The request is too large' };
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    const message =
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
        ? 'The body is not valid JSON'
        : error.message;
    return { code: error.statusCode === 404 ? 'not_found' : 'validation', message };
  }
  return { code: 'internal', message: 'Something went wrong on our side. Please try again.' };
}

/** The field a validation issue is about: the innermost named key, as the screens key their fields. */
function fieldName(instancePath: string): string {
  const keys = instancePath.split('/').filter((key) => key !== '' && !/^\d+$/.test(key));
  return keys.at(-1) ?? 'body';
}
