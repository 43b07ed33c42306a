import {
  type AnswerInputOf,
  type BodyOf,
  isFileAnswer,
  type ParamsOf,
  type QueryOf,
  type Route,
  type RouteSpec,
  successStatus,
} from '@limbus/contract';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteOptions,
  RouteShorthandOptions,
} from 'fastify';
import type { z } from 'zod';
import { AppError } from './app-error.js';

/** The request of a route of the table, typed by its schemas. */
export type RouteRequest<R extends RouteSpec> = FastifyRequest<{
  Params: ParamsOf<R>;
  Querystring: QueryOf<R>;
  Body: BodyOf<R>;
}>;

/**
 * A route's handler: returns the answer of its success status, or the reply it sent itself
 * (files, other statuses).
 */
export type RouteHandler<R extends RouteSpec> = (
  request: RouteRequest<R>,
  reply: FastifyReply,
) => [AnswerInputOf<R>] extends [undefined]
  ? Promise<unknown> // a route that answers no content: what the handler returns is not sent
  : Promise<AnswerInputOf<R> | FastifyReply>;

/**
 * Fastify options a route adds to its table entry: hooks, a serializer of its own, no HEAD twin
 * for a GET that changes state, and per-route config such as rate limits.
 */
export type RouteExtras = Pick<
  RouteShorthandOptions,
  'preValidation' | 'preHandler' | 'onSend' | 'bodyLimit' | 'serializerCompiler' | 'exposeHeadRoute'
> & {
  rateLimit?: object;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The operation id of the table's route (`group.name`). */
    routeId?: string;
  }
}

/**
 * Registers one route of the contract's table: its method, path, access and schemas come from the
 * table, so that the server answers exactly what the table (and the OpenAPI document) says.
 */
export function serveRoute<R extends Route>(
  app: FastifyInstance,
  route: R,
  handler: RouteHandler<R>,
  extras: RouteExtras = {},
): void {
  const status = successStatus(route);
  const { rateLimit, ...hooks } = extras;
  const options: RouteOptions = {
    method: route.method,
    url: route.path,
    config: { access: route.access, routeId: route.id, ...(rateLimit ? { rateLimit } : {}) },
    schema: fastifySchema(route),
    ...hooks,
    handler: async (request, reply) => {
      if (changesFields(route) && !request.isMultipart?.()) assertSomethingToChange(request.body);
      const answer = await handler(request as RouteRequest<R>, reply);
      if (answer === reply || reply.sent) return reply;
      reply.status(status);
      return status === 204 ? reply.send() : answer;
    },
  } as RouteOptions;
  app.route(options);
}

/** The schemas Fastify validates and serializes with; JSON answers only (files stream as they are). */
function fastifySchema(route: RouteSpec): FastifySchema {
  const response: Record<number, z.ZodType> = {};
  for (const [status, answer] of Object.entries(route.responses)) {
    if (answer && !isFileAnswer(answer)) response[Number(status)] = answer;
  }
  return {
    ...(route.params ? { params: route.params } : {}),
    ...(route.query ? { querystring: route.query } : {}),
    ...(route.body ? { body: route.body } : {}),
    ...(Object.keys(response).length > 0 ? { response } : {}),
  };
}

/** A PATCH or PUT that writes the fields of its JSON body (multipart forms check their own). */
const changesFields = (route: RouteSpec) =>
  (route.method === 'PATCH' || route.method === 'PUT') && route.body !== undefined;

/** True when a body holds a value somewhere: objects with nothing in them change nothing. */
function holdsValue(value: unknown): boolean {
  if (value === undefined) return false;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return true;
  return Object.values(value).some(holdsValue);
}

/** An update that would change nothing is a mistake of the caller, said as such (not a database error). */
export function assertSomethingToChange(body: unknown): void {
  if (!holdsValue(body))
    throw new AppError('validation', 'Nothing to change: send at least one field with its new value');
}
