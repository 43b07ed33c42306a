import { z } from 'zod';
import { MESSAGES } from './constants.js';
import { emailField, passwordField, profileSchema, requiredText } from './fields.js';
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
