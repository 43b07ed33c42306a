import { z } from 'zod';
import { MESSAGES } from './constants.js';
import { emailField, okSchema, passwordField, profileSchema, requiredText } from './fields.js';
import { defineRoutes } from './route.js';
import { userSchema } from './users.js';

export const signInBody = z.strictObject({
  email: emailField,
  password: z.string({ error: MESSAGES.required }).min(1, MESSAGES.required).max(256),
});
export const tokenAnswer = z.object({ access_token: z.string(), user: userSchema });

export const signUpBody = z
  .strictObject({
    email: emailField,
    password: passwordField,
    password2: z.string().max(256).optional(),
    profile: profileSchema,
  })
  .refine((body) => body.password2 === undefined || body.password2 === body.password, {
    path: ['password2'],
    message: MESSAGES.passwordMismatch,
  });

export const confirmationQuery = z.strictObject({
  confirmation_token: requiredText(200),
});
/** Activation sends nothing; an invitation (/verify) sets the password and the names. */
export const confirmationBody = z.strictObject({
  password: passwordField.optional(),
  profile: profileSchema.optional(),
});

export const passwordResetRequestQuery = z.strictObject({ email: emailField });
export const passwordResetQuery = z.strictObject({ reset_password_token: requiredText(200) });
export const passwordResetBody = z.strictObject({ password: passwordField });

export const refreshAnswer = z.object({ access_token: z.string() });

/**
 * Sign-in, sign-up, activation and password reset: public. The refresh token travels in an
 * httpOnly cookie (limbus_refresh) that sign-in and refresh set and sign-out clears.
 */
export const authRoutes = defineRoutes('auth', {
  signIn: {
    method: 'POST',
    path: '/tokens',
    access: 'public',
    summary: 'Sign in',
    body: signInBody,
    responses: { 200: tokenAnswer },
    errors: [401, 403, 429],
  },
  signOut: {
    method: 'DELETE',
    path: '/tokens',
    access: 'public',
    summary: 'Sign out: revoke the session of the refresh cookie',
    responses: { 204: null },
  },
  refresh: {
    method: 'POST',
    path: '/refresh_token',
    access: 'public',
    summary: 'New access token from the refresh cookie',
    responses: { 200: refreshAnswer },
    errors: [401, 403],
  },
  signUp: {
    method: 'POST',
    path: '/signup',
    access: 'public',
    summary: 'Sign up',
    body: signUpBody,
    responses: { 201: okSchema },
    errors: [429],
  },
  confirm: {
    method: 'POST',
    path: '/confirmation',
    access: 'public',
    summary: 'Activate a signed-up account, or finish an invited one',
    query: confirmationQuery,
    body: confirmationBody,
    responses: { 200: okSchema },
    errors: [429],
  },
  requestPasswordReset: {
    method: 'GET',
    path: '/password_reset',
    access: 'public',
    summary: 'Mail a password reset link (same answer whether or not the address exists)',
    query: passwordResetRequestQuery,
    responses: { 200: okSchema },
    errors: [429],
  },
  resetPassword: {
    method: 'POST',
    path: '/password_reset',
    access: 'public',
    summary: 'Set a new password with the token of a reset mail',
    query: passwordResetQuery,
    body: passwordResetBody,
    responses: { 200: okSchema },
    errors: [429],
  },
});
