import {
  type AnswerOf,
  type BodyInputOf,
  fillPath,
  type ParamsOf,
  type Route,
  type RouteGroup,
  type RouteSpec,
} from '@limbus/contract';
import type { z } from 'zod';
import { type ApiClient, api, type RequestOptions } from './client';
import { sendMultipart, type UploadOptions } from './send-multipart';

type QueryValue = string | number | boolean | undefined | null;

/**
 * A route's path parameters as the handler sees them (`id: number`), or as an address of the app
 * holds them (`useParams()` text): the server validates the text it is sent.
 */
type PathParams<R extends RouteSpec> = R['params'] extends z.ZodType
  ? {
      [K in keyof ParamsOf<R>]:
        | ParamsOf<R>[K]
        | (K extends keyof z.input<R['params']> ? z.input<R['params']>[K] : never);
    }
  : unknown;

/** What a call of a route takes: its path parameters by name, then query, body and signal. */
export type CallInput<R extends RouteSpec> = PathParams<R> &
  (R['query'] extends z.ZodType ? { query?: { [K in keyof z.input<R['query']>]?: QueryValue } } : unknown) &
  (R['body'] extends z.ZodType
    ? R['multipart'] extends 'only'
      ? unknown
      : R['multipart'] extends true
        ? { body?: BodyInputOf<R> }
        : { body: BodyInputOf<R> }
    : unknown) &
  (R['multipart'] extends true | 'only' ? { form?: FormData } & Pick<UploadOptions, 'onProgress'> : unknown) &
  Pick<RequestOptions, 'signal' | 'handlesServerError'>;

type Call<R extends RouteSpec> =
  Partial<CallInput<R>> extends CallInput<R>
    ? (input?: CallInput<R>) => Promise<AnswerOf<R>>
    : (input: CallInput<R>) => Promise<AnswerOf<R>>;

/** The typed calls of one group of the route table: `bindRoutes(suggestionRoutes).list({ id })`. */
export type BoundRoutes<G extends RouteGroup> = { [K in keyof G]: Call<G[K]> };

type AnyInput = {
  query?: Record<string, QueryValue>;
  body?: unknown;
  form?: FormData;
  onProgress?: (share: number) => void;
  signal?: AbortSignal;
  handlesServerError?: boolean;
  [param: string]: unknown;
};

function call(client: ApiClient, route: Route, input: AnyInput = {}): Promise<unknown> {
  const { query, body, form, onProgress, signal, handlesServerError, ...params } = input;
  const path = fillPath(route.path, params);
  if (form) {
    return sendMultipart(route.method as 'POST' | 'PATCH', path, form, { onProgress, signal });
  }
  const sendsBody = route.method !== 'GET' && route.method !== 'HEAD' && route.method !== 'DELETE';
  return client.request(route.method, path, {
    query,
    signal,
    handlesServerError,
    ...(sendsBody ? { body: body ?? {} } : {}),
  });
}

/** Binds a group of routes to the app's client (or another, in tests). */
export function bindRoutes<G extends RouteGroup>(group: G, client: ApiClient = api): BoundRoutes<G> {
  const bound: Record<string, (input?: AnyInput) => Promise<unknown>> = {};
  for (const [name, route] of Object.entries(group)) {
    bound[name] = (input) => call(client, route, input);
  }
  return bound as BoundRoutes<G>;
}
