import { z } from 'zod';
import { ROLES } from './constants.js';
import { emailField, idField, idParams, requiredText } from './fields.js';
import { LANGUAGE_CODES } from './languages.js';
import { defineRoutes } from './route.js';

export const roleSchema = z.enum(ROLES, { error: 'Choose a role' });

export const userCompanySchema = z.object({
  id: z.number(),
  name: z.string(),
  licence_analysis: z.boolean(),
  licence_research: z.boolean(),
  /** The demo company (spec: id 1, "the company named Demo"). */
  is_demo: z.boolean(),
  /** The provider's own company (spec: id 2): resource authoring, the insights wizard. */
  is_provider: z.boolean(),
});

export const userSchema = z.object({
  id: z.number(),
  email: z.string(),
  role: roleSchema,
  company_id: z.number().nullable(),
  company: userCompanySchema.nullable(),
  profile: z.object({
    first_name: z.string(),
    last_name: z.string(),
    newsletter: z.boolean(),
    /**
     * The language the user reads participants' comments and open answers in (ISO 639-1); '' until
     * they choose one, when the browser's language decides (readerLanguage).
     */
    language: z.string(),
  }),
  /** Unix seconds; 0 when the user never signed in. */
  last_login: z.number(),
  /** False while an invitation or activation is pending. */
  confirmed: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const userListAnswer = z.array(userSchema);

export const createUserBody = z.strictObject({
  email: emailField,
  role: roleSchema,
  company_id: idField,
});

/** A reader's language: an ISO 639-1 code of LANGUAGES, or '' to let the browser decide again. */
export const readerLanguageField = z
  .string()
  .refine((code) => code === '' || LANGUAGE_CODES.includes(code), 'Choose a language from the list');

export const updateUserBody = z.strictObject({
  email: emailField.optional(),
  role: roleSchema.optional(),
  company_id: idField.optional(),
  profile: z
    .strictObject({
      first_name: requiredText(100),
      last_name: requiredText(100),
      newsletter: z.boolean().optional(),
      language: readerLanguageField,
    })
    .partial()
    .optional(),
});

export const companyUsersQuery = z.strictObject({
  role: z
    .string()
    .max(100)
    .optional()
    .transform((roles, ctx) => {
      if (!roles) return undefined;
      const list = roles.split(',').map((role) => role.trim());
      const parsed = z.array(roleSchema).safeParse(list);
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', message: `Unknown role in: ${roles}` });
        return z.NEVER;
      }
      return parsed.data;
    }),
});

/**
 * Users: everyone reads themselves and their colleagues; company admins manage their company's
 * members and staff manage everyone (policies 'user.read', 'member.manage').
 */
export const userRoutes = defineRoutes('users', {
  list: {
    method: 'GET',
    path: '/users',
    access: 'staff',
    summary: 'All users (admin area)',
    responses: { 200: userListAnswer },
  },
  researchers: {
    method: 'GET',
    path: '/researchers',
    access: 'researcher',
    summary: 'Users who may be a test researcher: analysis staff (research area)',
    responses: { 200: userListAnswer },
  },
  me: {
    method: 'GET',
    path: '/users/me',
    access: 'user',
    summary: 'The signed-in user',
    responses: { 200: userSchema },
  },
  get: {
    method: 'GET',
    path: '/users/:id',
    access: 'user',
    summary: 'One user',
    params: idParams,
    responses: { 200: userSchema },
    errors: [403],
  },
  create: {
    method: 'POST',
    path: '/users',
    access: 'user',
    summary: 'Invite a user',
    body: createUserBody,
    responses: { 201: userSchema },
    errors: [403, 409],
  },
  update: {
    method: 'PATCH',
    path: '/users/:id',
    access: 'user',
    summary: 'Change a user',
    params: idParams,
    body: updateUserBody,
    responses: { 200: userSchema },
    errors: [403, 409],
  },
  replace: {
    method: 'PUT',
    path: '/users/:id',
    access: 'user',
    summary: 'Change a user',
    description: 'The same as PATCH: only the fields sent change.',
    params: idParams,
    body: updateUserBody,
    responses: { 200: userSchema },
    errors: [403, 409],
  },
  delete: {
    method: 'DELETE',
    path: '/users/:id',
    access: 'user',
    summary: 'Remove a user',
    params: idParams,
    responses: { 204: null },
    errors: [403],
  },
  ofCompany: {
    method: 'GET',
    path: '/companies/:id/users/',
    access: 'user',
    summary: 'Users of a company, optionally by role',
    params: idParams,
    query: companyUsersQuery,
    responses: { 200: userListAnswer },
    errors: [403],
  },
});
