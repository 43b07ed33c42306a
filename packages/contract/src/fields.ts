import { z } from 'zod';
import { MESSAGES, MIN_PASSWORD_LENGTH } from './constants.js';

/** Field schemas shared by requests; their messages are the spec's global validation messages. */

const MAX_TEXT = 255;

export const requiredText = (max = MAX_TEXT) =>
  z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, MESSAGES.required)
    .max(max, `At most ${max} characters are allowed`);

export const optionalText = (max = MAX_TEXT) =>
  z.string().trim().max(max, `At most ${max} characters are allowed`);

export const emailField = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .max(254, MESSAGES.invalidEmail)
  .pipe(z.email({ error: MESSAGES.invalidEmail }))
  .transform((email) => email.toLowerCase());

export const passwordField = z
  .string({ error: MESSAGES.required })
  .min(1, MESSAGES.required)
  .min(MIN_PASSWORD_LENGTH, MESSAGES.passwordTooShort)
  .max(256, 'At most 256 characters are allowed');

export const idParam = z.coerce.number({ error: 'Must be a number' }).int().positive().max(2 ** 31 - 1);
export const idField = z.number({ error: 'Must be a number' }).int().positive().max(2 ** 31 - 1);

/** Calendar date as YYYY-MM-DD; a real date, not just the shape. */
export const isoDate = z.iso.date({ error: 'Use a date as YYYY-MM-DD' });

export const profileSchema = z.strictObject({
  first_name: requiredText(100),
  last_name: requiredText(100),
  newsletter: z.boolean().optional(),
});

export const okSchema = z.object({ message: z.string() });
