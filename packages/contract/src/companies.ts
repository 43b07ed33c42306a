import { z } from 'zod';
import { contractSchema } from './contracts.js';
import { emailField, idField, idParams, requiredText } from './fields.js';
import { defineRoutes } from './route.js';
import { userSchema } from './users.js';

export const countrySchema = z.object({ id: z.number(), name: z.string(), code: z.string() });
export type Country = z.infer<typeof countrySchema>;
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
export type CompanySummary = z.infer<typeof companySummarySchema>;
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

/**
 * Companies: staff manage them; a client user reads their own (policies 'company.read',
 * 'company.list', 'company.manage').
 */
export const companyRoutes = defineRoutes('companies', {
  list: {
    method: 'GET',
    path: '/companies',
    access: 'user',
    summary: 'Companies with their latest contract (admin and research area)',
    responses: { 200: companyListAnswer },
    errors: [403],
  },
  get: {
    method: 'GET',
    path: '/companies/:id',
    access: 'user',
    summary: 'A company with contracts and bundles',
    params: idParams,
    responses: { 200: companySchema },
    errors: [403],
  },
  contracts: {
    method: 'GET',
    path: '/companies/:id/contracts',
    access: 'user',
    summary: 'Contracts of a company',
    params: idParams,
    responses: { 200: z.array(contractSchema) },
    errors: [403],
  },
  create: {
    method: 'POST',
    path: '/companies',
    access: 'staff',
    summary: 'Create a company',
    body: createCompanyBody,
    responses: { 201: createCompanyAnswer },
    errors: [409],
  },
  delete: {
    method: 'DELETE',
    path: '/companies/:id',
    access: 'staff',
    summary: 'Remove a company with its users, contracts and tests',
    params: idParams,
    responses: { 204: null },
    errors: [409],
  },
  countries: {
    method: 'GET',
    path: '/countries',
    access: 'user',
    summary: 'ISO 3166 countries by name',
    responses: { 200: countryListAnswer },
  },
});
