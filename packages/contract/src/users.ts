import { z } from 'zod';
import { ROLES } from './constants.js';
import { emailField, idField, requiredText } from './fields.js';

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

export const updateUserBody = z.strictObject({
  email: emailField.optional(),
  role: roleSchema.optional(),
  company_id: idField.optional(),
  profile: z
    .strictObject({
      first_name: requiredText(100),
      last_name: requiredText(100),
      newsletter: z.boolean().optional(),
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
