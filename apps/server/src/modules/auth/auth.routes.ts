import {
  confirmationBody,
  confirmationQuery,
  MESSAGES,
  okSchema,
  passwordResetBody,
  passwordResetQuery,
  passwordResetRequestQuery,
  refreshAnswer,
  signInBody,
  signUpBody,
  tokenAnswer,
} from '@limbus/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.js';
import { toUserAnswer } from '../users/users.mappers.js';
import {
  confirmAccount,
  refreshSession,
  requestPasswordReset,
  resetPassword,
  type Session,
  signIn,
  signOut,
  signUp,
  TOKEN_LIFETIMES,
} from './auth.service.js';

export const REFRESH_COOKIE = 'limbus_refresh';

export function registerAuthRoutes(app: FastifyInstance, deps: Deps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const rateLimit = { max: deps.config.authRateLimit, timeWindow: '1 minute' };
  const setSessionCookie = (reply: FastifyReply, session: Session) =>
    reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
      path: '/api/v1',
      httpOnly: true,
      sameSite: 'strict',
      secure: deps.config.publicUrl.startsWith('https:'),
      maxAge: TOKEN_LIFETIMES.refresh / 1000,
    });
  const refreshCookie = (request: FastifyRequest) => request.cookies[REFRESH_COOKIE];

  routes.post('/tokens', {
    config: { access: 'public', rateLimit },
    schema: { tags: ['accounts'], summary: 'Sign in', body: signInBody, response: { 200: tokenAnswer } },
    handler: async (request, reply) => {
      const session = await signIn(deps, request.body.email, request.body.password);
      setSessionCookie(reply, session);
      return { access_token: session.accessToken, user: toUserAnswer(session.user) };
    },
  });

  routes.delete('/tokens', {
    config: { access: 'public' },
    schema: { tags: ['accounts'], summary: 'Sign out: revoke the session of the refresh cookie' },
    handler: async (request, reply) => {
      await signOut(deps, refreshCookie(request));
      reply.clearCookie(REFRESH_COOKIE, { path: '/api/v1' });
      return reply.status(204).send();
    },
  });

  routes.post('/refresh_token', {
    config: { access: 'public' },
    schema: {
      tags: ['accounts'],
      summary: 'New access token from the refresh cookie',
      response: { 200: refreshAnswer },
    },
    handler: async (request, reply) => {
      const session = await refreshSession(deps, refreshCookie(request));
      setSessionCookie(reply, session);
      return { access_token: session.accessToken };
    },
  });

  routes.post('/signup', {
    config: { access: 'public', rateLimit },
    schema: { tags: ['accounts'], summary: 'Sign up', body: signUpBody, response: { 201: okSchema } },
    handler: async (request, reply) => {
      await signUp(deps, request.body);
      return reply.status(201).send({ message: MESSAGES.signupSent });
    },
  });

  routes.post('/confirmation', {
    config: { access: 'public', rateLimit },
    schema: {
      tags: ['accounts'],
      summary: 'Activate a signed-up account, or finish an invited one',
      querystring: confirmationQuery,
      body: confirmationBody,
      response: { 200: okSchema },
    },
    // An activation may be posted without a body (Fastify would validate that as null); a JSON null stays refused.
    preValidation: async (request) => {
      if (request.body === undefined) request.body = {};
    },
    handler: async (request) => {
      await confirmAccount(deps, request.query.confirmation_token, request.body);
      return { message: MESSAGES.activated };
    },
  });

  routes.get('/password_reset', {
    config: { access: 'public', rateLimit },
    schema: {
      tags: ['accounts'],
      summary: 'Mail a password reset link (same answer whether or not the address exists)',
      querystring: passwordResetRequestQuery,
      response: { 200: okSchema },
    },
    handler: async (request) => {
      await requestPasswordReset(deps, request.query.email);
      return { message: MESSAGES.resetSent };
    },
  });

  routes.post('/password_reset', {
    config: { access: 'public', rateLimit },
    schema: {
      tags: ['accounts'],
      summary: 'Set a new password with the token of a reset mail',
      querystring: passwordResetQuery,
      body: passwordResetBody,
      response: { 200: okSchema },
    },
    handler: async (request) => {
      await resetPassword(deps, request.query.reset_password_token, request.body.password);
      return { message: 'Your password has been changed. You can sign in with it now.' };
    },
  });
}
