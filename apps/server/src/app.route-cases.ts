import type { RouteCase, RouteCases } from '../test/route-policy-matrix.js';

/** The catch-all of /api/v1 (`api.all('/*')`): every method Fastify supports. */
const CATCH_ALL_METHODS = ['GET', 'HEAD', 'TRACE', 'DELETE', 'OPTIONS', 'PATCH', 'PUT', 'POST', 'QUERY'];

/** Unknown calls under /api/v1 answer 404 to everyone, never the web app. */
export const appPolicyCases: RouteCases = Object.fromEntries(
  CATCH_ALL_METHODS.map((method) => [
    `${method} /api/v1/*`,
    {
      access: 'public',
      targets: ['none'],
      request: () => ({
        url: '/api/v1/no/such/call',
        ...(['GET', 'HEAD', 'TRACE'].includes(method) ? {} : { payload: {} }),
      }),
      expect: {
        anonymous: 404,
        superAdmin: 404,
        staff: 404,
        clientAdmin: 404,
        clientMember: 404,
        otherAdmin: 404,
        demoUser: 404,
      },
    } satisfies RouteCase,
  ]),
);
