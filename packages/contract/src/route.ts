import type { z } from 'zod';

/**
 * The route table of /api/v1: every call's method, path, access, schemas and answers, in one
 * typed place. The server registers its routes from it (apps/server/src/http/serve-route.ts), the
 * OpenAPI document is generated from it (openapi.ts) and the web client is typed from it
 * (apps/web/src/api/bind-routes.ts).
 */

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * Who may call a route, checked before validation on the server:
 * public: anyone; user: any signed-in user; staff: role admin or licence_analysis;
 * researcher: role admin or licence_research; recorder: a lab recorder with its key
 * (`Authorization: Setup <key>`), never a user; signed: a URL the server signed after checking the
 * reader (media for `<video src>`); share: a visitor with a share link's token
 * (`Authorization: Share <token>`, share-links.ts), never a user; remote_link: a remote study's
 * participant link (`Authorization: Remote <token>`), remote_session: one remote participant's
 * session (`Authorization: Session <token>`, remote-studies.ts). Resource-level rules live in the
 * server's policy.
 */
export type Access =
  | 'public'
  | 'user'
  | 'staff'
  | 'researcher'
  | 'recorder'
  | 'signed'
  | 'share'
  | 'remote_link'
  | 'remote_session';

/** An answer that is not JSON: a file or stream of bytes. */
export type FileAnswer = { file: string };

/** What a success status answers: a JSON schema, a file, or nothing (null). */
export type RouteAnswer = z.ZodType | FileAnswer | null;

/** 4xx and 5xx answers a route can give beyond those its access and inputs imply. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 416 | 429 | 502 | 503;

export type RouteSpec = {
  method: HttpMethod;
  /** Fastify's form: `/tests/:id/suggestions`. */
  path: string;
  access: Access;
  /** One line for the API reference. */
  summary: string;
  description?: string;
  params?: z.ZodType;
  query?: z.ZodType;
  /** The JSON body, or the object a multipart form is read into. */
  body?: z.ZodType;
  /** The body may (or, with 'only', must) be multipart/form-data. */
  multipart?: boolean | 'only';
  /** Success statuses and what they answer; the lowest is the status a handler's value gets. */
  responses: Partial<Record<200 | 201 | 202 | 204 | 206 | 308, RouteAnswer>>;
  errors?: readonly ErrorStatus[];
  /** Left out of the API reference (the catch-all). */
  hidden?: boolean;
};

/** A route of the table: its spec with the operation id `group.name`. */
export type Route<S extends RouteSpec = RouteSpec> = S & { id: string; group: string; name: string };

export type RouteGroup = Record<string, Route>;

/**
 * One domain's routes, each named: `defineRoutes('suggestions', { list: {...} })` gives
 * `suggestions.list` as the operation id and `api.list(...)` on the web.
 */
export function defineRoutes<const G extends Record<string, RouteSpec>>(
  group: string,
  specs: G,
): { [K in keyof G & string]: Route<G[K]> } {
  const routes: Record<string, Route> = {};
  for (const [name, spec] of Object.entries(specs)) {
    routes[name] = { ...spec, id: `${group}.${name}`, group, name };
  }
  return routes as { [K in keyof G & string]: Route<G[K]> };
}

type SuccessStatus = keyof RouteSpec['responses'];
type Schema<T> = T extends z.ZodType ? T : never;

/** The path parameters a route takes, as the handler and the caller see them. */
export type ParamsOf<R extends RouteSpec> = R['params'] extends z.ZodType ? z.output<R['params']> : undefined;
export type QueryOf<R extends RouteSpec> = R['query'] extends z.ZodType ? z.output<R['query']> : undefined;
/** The body as sent (before the schema's transforms). */
export type BodyInputOf<R extends RouteSpec> = R['body'] extends z.ZodType ? z.input<R['body']> : undefined;
/** The body as the handler sees it (after validation and transforms). */
export type BodyOf<R extends RouteSpec> = R['body'] extends z.ZodType ? z.output<R['body']> : undefined;

/** The JSON schema of the route's success answer, if it answers JSON. */
type SuccessSchema<R extends RouteSpec> = {
  [S in SuccessStatus]: Schema<R['responses'][S]>;
}[SuccessStatus];

/** What a handler returns for the route's success status (the value the schema serializes). */
export type AnswerInputOf<R extends RouteSpec> = [SuccessSchema<R>] extends [never]
  ? undefined
  : z.input<SuccessSchema<R>>;
/** What a caller receives. */
export type AnswerOf<R extends RouteSpec> = [SuccessSchema<R>] extends [never]
  ? undefined
  : z.output<SuccessSchema<R>>;

export const isFileAnswer = (answer: RouteAnswer | undefined): answer is FileAnswer =>
  typeof answer === 'object' && answer !== null && 'file' in answer;

/** The lowest success status: the one a handler's returned value is sent with. */
export function successStatus(route: RouteSpec): number {
  return Math.min(...Object.keys(route.responses).map(Number));
}

/** `/tests/:id/suggestions/:sid` with `{id: 1, sid: 2}` → `/tests/1/suggestions/2`. */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '')
      throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
