import { z } from 'zod';
import { contractSchema } from './contracts.js';
import { emailField, idField, requiredText } from './fields.js';
import { userSchema } from './users.js';

export const countrySchema = z.object({ id: z.number(), name: z.string(), code: z.string() });
export const countryListAnswer = z.array(countrySchema);

export const companySchema = z.object({
  id: z.number(),
  name: z.string(),
  address: z.string(),
  postal_code: z.string(),
  city: z.string(),
  country_id: z.number().nullable(),
  country: z.object({ name: z.string() }).nullable(),
  admin_id: z.number().nullable(),
  admin: userSchema.nullable(),
  consultant_id: z.number().nullable(),
  consultant: userSchema.nullable(),
  business_developer_id: z.number().nullable(),
  business_developer: userSchema.nullable(),
  licence_analysis: z.boolean(),
  licence_research: z.boolean(),
  is_demo: z.boolean(),
  contracts: z.array(contractSchema),
  /** The contract with the latest end date, or null. */
  contract: contractSchema.nullable(),
});
export type Company = z.infer<typeof companySchema>;

/** A row of the admin companies list. */
export const companySummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  available_tests: z.number(),
  end_date: z.string().nullable(),
  is_demo: z.boolean(),
  is_provider: z.boolean(),
});
export const companyListAnswer = z.array(companySummarySchema);

export const createCompanyBody = z.strictObject({
  company: z
    .strictObject({
      name: requiredText(150),
      address: requiredText(),
      postal_code: requiredText(20),
      city: requiredText(100),
      country_id: idField,
      consultant_id: idField,
      business_developer_id: idField,
      admin_id: idField.optional(),
      admin_email: emailField.optional(),
      /** Optional subscription length: a contract from today for this many months. */
      months: z.number().int().min(1).max(120).optional(),
    })
    .superRefine((company, ctx) => {
      if ((company.admin_id === undefined) === (company.admin_email === undefined)) {
        ctx.addIssue({
          code: 'custom',
          path: ['admin'],
          message: 'Choose a company admin or give a new admin e-mail',
        });
      }
    }),
});
export type NewCompany = z.infer<typeof createCompanyBody>['company'];
export const createCompanyAnswer = z.object({ status: z.literal('created'), data: companySchema });
