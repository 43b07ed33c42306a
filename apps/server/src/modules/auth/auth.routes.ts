import { authRoutes, MESSAGES } from '@limbus/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.js';
import { AppError } from '../../http/app-error.js';
import { serveRoute } from '../../http/serve-route.js';
import { TOKEN_LIFETIMES } from './account-tokens.js';
import {
  confirmAccount,
  refreshSession,
  requestPasswordReset,
  resetPassword,
  type Session,
  signIn,
  signOut,
  signUp,
} from './auth.service.js';

export const REFRESH_COOKIE = 'limbus_refresh';

/**
 * Over https (PUBLIC_URL) the cookie is `__Host-` prefixed: Secure, for this host only and path /,
 * which no subdomain or plain-http page can set or overwrite.
 */
function cookieOptions(publicUrl: string) {
  const isHttps = publicUrl.startsWith('https:');
  return {
    name: isHttps ? `__Host-${REFRESH_COOKIE}` : REFRESH_COOKIE,
    options: {
      path: isHttps ? '/' : '/api/v1',
      httpOnly: true,
      sameSite: 'strict',
      secure: isHttps,
    } as const,
  };
}

/**
 * The cookie-authenticated calls answer only the site's own pages: a browser names the page's
 * origin; a client without one (not a browser) has no cookie of ours to abuse. In development the
 * web dev server on another loopback port is the site too.
 */
function checkOrigin(deps: Deps) {
  const site = new URL(deps.config.publicUrl).origin;
  return async (request: FastifyRequest) => {
    const origin = request.headers.origin;
    if (origin === undefined || origin === site) return;
    const isLoopback = /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/.test(origin);
    if (deps.config.env === 'development' && isLoopback) return;
    throw new AppError('forbidden', 'This request must come from the Limbus site itself');
  };
}

export function registerAuthRoutes(app: FastifyInstance, deps: Deps): void {
  const rateLimit = { max: deps.config.authRateLimit, timeWindow: '1 minute' };
  const cookie = cookieOptions(deps.config.publicUrl);
  const setSessionCookie = (reply: FastifyReply, session: Session) =>
    reply.setCookie(cookie.name, session.refreshToken, {
      ...cookie.options,
      maxAge: TOKEN_LIFETIMES.refresh / 1000,
    });
  const refreshCookie = (request: FastifyRequest) => request.cookies[cookie.name];
  const fromTheSite = { preHandler: checkOrigin(deps) };

  serveRoute(
    app,
    authRoutes.signIn,
    async (request, reply) => {
      const session = await signIn(deps, request.body.email, request.body.password, request.ip);
      setSessionCookie(reply, session);
      return { access_token: session.accessToken, user: session.user };
    },
    { rateLimit },
  );

  serveRoute(
    app,
    authRoutes.signOut,
    async (request, reply) => {
      await signOut(deps, refreshCookie(request));
      reply.clearCookie(cookie.name, cookie.options);
    },
    fromTheSite,
  );

  serveRoute(
    app,
    authRoutes.refresh,
    async (request, reply) => {
      const session = await refreshSession(deps, refreshCookie(request));
      setSessionCookie(reply, session);
      return { access_token: session.accessToken };
    },
    fromTheSite,
  );

  serveRoute(
    app,
    authRoutes.signUp,
    async (request) => {
      await signUp(deps, request.body);
      return { message: MESSAGES.signupSent };
    },
    { rateLimit },
  );

  serveRoute(
    app,
    authRoutes.confirm,
    async (request) => {
      await confirmAccount(deps, request.query.confirmation_token, request.body);
      return { message: MESSAGES.activated };
    },
    {
      rateLimit,
      // An activation may be posted without a body (Fastify would validate that as null); a JSON null stays refused.
      preValidation: async (request) => {
        if (request.body === undefined) request.body = {};
      },
    },
  );

  serveRoute(
    app,
    authRoutes.requestPasswordReset,
    async (request) => {
      await requestPasswordReset(deps, request.query.email);
      return { message: MESSAGES.resetSent };
    },
    { rateLimit },
  );

  serveRoute(
    app,
    authRoutes.resetPassword,
    async (request) => {
      await resetPassword(deps, request.query.reset_password_token, request.body.password);
      return { message: 'Your password has been changed. You can sign in with it now.' };
    },
    { rateLimit },
  );
}
