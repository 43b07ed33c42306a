import { z } from 'zod';
import { COHORTS, MESSAGES, MIN_PASSWORD_LENGTH } from './constants.js';

/** Field schemas shared by requests; their messages are the spec's global validation messages. */

const MAX_TEXT = 255;

/** Text the database can store: no NUL character and no unpaired UTF-16 surrogate. */
const isStorableText = (text: string) => !text.includes('\u0000') && !/\p{Cs}/u.test(text);
const NOT_STORABLE = 'This text contains characters that are not allowed';

export const requiredText = (max = MAX_TEXT) =>
  z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, MESSAGES.required)
    .max(max, `At most ${max} characters are allowed`)
    .refine(isStorableText, NOT_STORABLE);

export const optionalText = (max = MAX_TEXT) =>
  z.string().trim().max(max, `At most ${max} characters are allowed`).refine(isStorableText, NOT_STORABLE);

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

export const idField = z
  .number({ error: 'Must be a number' })
  .int()
  .positive()
  .max(2 ** 31 - 1);
/** An id in a path or query: decimal digits only (no '0x10', '1e3' or ' 1'). */
export const idParam = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, 'Must be a positive whole number')
  .transform(Number)
  .pipe(idField);

/** Calendar date as YYYY-MM-DD; a real date, not just the shape (PostgreSQL has no year 0). */
export const isoDate = z.iso
  .date({ error: 'Use a date as YYYY-MM-DD' })
  .refine((date) => !date.startsWith('0000-'), 'Use a date after the year 0');

export const profileSchema = z.strictObject({
  first_name: requiredText(100),
  last_name: requiredText(100),
  newsletter: z.boolean().optional(),
});

export const okSchema = z.object({ message: z.string() });

/** The query of a signed media URL (a video the browser loads without the bearer token). */
export const signedUrlQuery = z.strictObject({
  expires: z.string().regex(/^\d{1,12}$/, 'expires must be unix seconds'),
  /** The user the link was signed for: it ends when that user's sessions end (sign-out). */
  holder: z
    .string()
    .regex(/^\d{1,12}$/, 'holder must be a user id')
    .optional(),
  signature: z.string().regex(/^[\w-]{1,100}$/, 'signature is not valid'),
});

/** A stored video, as its signed URL answers it: the container decides the type (MP4, QuickTime, Matroska). */
export const videoFileAnswer = { file: 'video/*' };

/** The path of a call on one record: `/tests/:id`, `/users/:id` … */
export const idParams = z.strictObject({ id: idParam });

/** A results route's choice of participants (COHORTS), `all` when left out. */
export const cohortField = z.enum(COHORTS, { error: 'Choose a cohort: all, lab or remote' }).optional();
export const cohortQuery = z.strictObject({ cohort: cohortField });
