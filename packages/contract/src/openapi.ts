import { z } from 'zod';
import { ERROR_STATUS, errorBodySchema } from './errors.js';
import { type ErrorStatus, isFileAnswer, type Route, type RouteGroup } from './route.js';

/** The OpenAPI 3.1 document of /api/v1, generated from the route table. */

type JsonSchema = Record<string, unknown>;
type Parameter = {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
  description?: string;
};

const ERROR_DESCRIPTIONS: Record<ErrorStatus, string> = {
  400: 'The input is not valid: `errors` names each field',
  401: 'Not signed in, or the token or link has expired',
  403: 'Signed in, but not allowed to do this',
  404: 'Not found, or not visible to the caller',
  409: 'The request conflicts with the current state',
  413: 'The body is too large',
  415: 'The body has a media type this call does not take',
  416: 'The range lies outside the file',
  429: 'Too many requests; try again in a minute',
  502: 'The AI service failed',
  503: 'The AI service is unavailable',
};

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
};

/** `/tests/:id` → `/tests/{id}`. */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}').replace(/(.)\/$/, '$1');

function parameters(schema: z.ZodType | undefined, place: 'path' | 'query'): Parameter[] {
  if (!schema) return [];
  const object = toSchema(schema, 'input');
  const properties = (object.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((object.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: place,
      required: place === 'path' || required.has(name),
      schema: rest,
      ...(typeof description === 'string' ? { description } : {}),
    };
  });
}

/** The error answers of a route: those its inputs and access imply, and those it names. */
export function errorStatuses(route: Route): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>(route.errors ?? []);
  // every write can be sent a body that does not parse
  if (route.params || route.query || route.body || route.method !== 'GET') statuses.add(400);
  if (route.access !== 'public') statuses.add(401);
  if (route.access === 'staff' || route.access === 'researcher') statuses.add(403);
  if (route.params) statuses.add(404);
  return [...statuses].sort((a, b) => a - b);
}

function successResponses(route: Route): Record<string, object> {
  const responses: Record<string, object> = {};
  for (const [status, answer] of Object.entries(route.responses)) {
    if (answer === null || answer === undefined) {
      responses[status] = { description: 'Done; no content' };
    } else if (isFileAnswer(answer)) {
      responses[status] = {
        description: 'The file',
        content: { [answer.file]: { schema: { type: 'string', format: 'binary' } } },
      };
    } else {
      responses[status] = {
        description: 'Success',
        content: { 'application/json': { schema: toSchema(answer, 'output') } },
      };
    }
  }
  return responses;
}

/** A multipart route may have no body schema: it streams its file itself (an image upload). */
function requestBody(route: Route): object | undefined {
  if (!route.body && !route.multipart) return undefined;
  const content: Record<string, object> = {};
  if (route.body && route.multipart !== 'only')
    content['application/json'] = { schema: toSchema(route.body, 'input') };
  if (route.multipart) content['multipart/form-data'] = { schema: { type: 'object' } };
  return { required: true, content };
}

function operation(route: Route): object {
  const errors: Record<string, object> = {};
  for (const status of errorStatuses(route)) {
    errors[status] = { $ref: `#/components/responses/${errorResponseName(status)}` };
  }
  const body = requestBody(route);
  return {
    operationId: route.id,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    tags: [route.group],
    ...(route.access === 'public' ? { security: [] } : {}),
    ...(route.access === 'recorder' ? { security: [{ setupKey: [] }] } : {}),
    ...(route.access === 'signed' ? { security: [] } : {}),
    ...(route.access === 'share' ? { security: [{ shareToken: [] }] } : {}),
    ...(route.access === 'remote_link' ? { security: [{ remoteLink: [] }] } : {}),
    ...(route.access === 'remote_session' ? { security: [{ remoteSession: [] }] } : {}),
    parameters: [...parameters(route.params, 'path'), ...parameters(route.query, 'query')],
    ...(body ? { requestBody: body } : {}),
    responses: { ...successResponses(route), ...errors },
  };
}

const errorResponseName = (status: ErrorStatus) => `Error${status}`;

/** The document of the given groups; `descriptions` says what each group (an OpenAPI tag) holds. */
export function buildOpenApiDocument<G extends Record<string, RouteGroup>>(
  groups: G,
  descriptions: Record<keyof G & string, string>,
  serverUrl = '/api/v1',
): object {
  const routes = Object.values(groups)
    .flatMap((group) => Object.values(group))
    .filter((route) => !route.hidden);
  const paths: Record<string, Record<string, object>> = {};
  for (const route of routes) {
    const path = openApiPath(route.path);
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operation(route);
  }
  const errorSchema = toSchema(errorBodySchema, 'output');
  const responses: Record<string, object> = {};
  for (const status of new Set(routes.flatMap(errorStatuses))) {
    responses[errorResponseName(status)] = {
      description: ERROR_DESCRIPTIONS[status],
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Limbus API',
      version: '1.0.0',
      description: `The calls of the Limbus web client and lab recorders. Error bodies carry a code (${Object.keys(ERROR_STATUS).join(', ')}).`,
      license: { name: 'Proprietary', identifier: 'LicenseRef-Limbus' },
    },
    servers: [{ url: serverUrl }],
    tags: Object.keys(groups).map((name) => ({ name, description: descriptions[name] })),
    paths,
    components: {
      schemas: { Error: errorSchema },
      responses,
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        ...(routes.some((route) => route.access === 'recorder')
          ? {
              setupKey: { type: 'apiKey', in: 'header', name: 'Authorization', description: '`Setup <key>`' },
            }
          : {}),
        ...(routes.some((route) => route.access === 'share')
          ? {
              shareToken: {
                type: 'apiKey',
                in: 'header',
                name: 'Authorization',
                description: "`Share <token>`: a share link's token",
              },
            }
          : {}),
        ...(routes.some((route) => route.access === 'remote_link')
          ? {
              remoteLink: {
                type: 'apiKey',
                in: 'header',
                name: 'Authorization',
                description: "`Remote <token>`: a remote study's participant link",
              },
              remoteSession: {
                type: 'apiKey',
                in: 'header',
                name: 'Authorization',
                description: "`Session <token>`: one remote participant's session",
              },
            }
          : {}),
      },
    },
    security: [{ bearer: [] }],
  };
}
