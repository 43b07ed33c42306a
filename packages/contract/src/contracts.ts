import { z } from 'zod';
import { TEST_TYPES } from './constants.js';
import { idField, idParams, isoDate, optionalText } from './fields.js';
import { defineRoutes } from './route.js';

export const testTypeSchema = z.enum(TEST_TYPES, { error: 'Choose Professional or Essential' });

export const availableTestsSchema = z.object({ essential: z.number(), professional: z.number() });

export const bundleSchema = z.object({
  id: z.number(),
  test_type: testTypeSchema,
  /** Amount of tests the bundle adds. */
  tests: z.number(),
  /** Tests of this bundle already consumed by requested tests. */
  requested: z.number(),
  comments: z.string(),
  contract_id: z.number(),
  created_at: z.number(),
});

export const contractSchema = z.object({
  id: z.number(),
  start_date: z.string(),
  end_date: z.string(),
  endDate: z.string(),
  is_active: z.boolean(),
  comments: z.string(),
  company_id: z.number(),
  available_tests: availableTestsSchema,
  bundles: z.array(bundleSchema),
});
export type Contract = z.infer<typeof contractSchema>;

const months = z
  .number({ error: 'Must be a number' })
  .int()
  .min(1, 'At least 1 month')
  .max(120, 'At most 120 months');

/** A new contract has both dates, or a length in months counted from today. */
export const createContractBody = z
  .strictObject({
    company_id: idField,
    start_date: isoDate.optional(),
    end_date: isoDate.optional(),
    months: months.optional(),
    comments: optionalText(2000).optional(),
  })
  .superRefine((body, ctx) => {
    const hasDates = body.start_date !== undefined || body.end_date !== undefined;
    if (body.months === undefined && !(body.start_date && body.end_date)) {
      ctx.addIssue({
        code: 'custom',
        path: ['end_date'],
        message: 'Give a start and end date, or a number of months',
      });
    }
    if (body.months !== undefined && hasDates) {
      ctx.addIssue({ code: 'custom', path: ['months'], message: 'Give either dates or a number of months' });
    }
  });

/** The client sends the whole contract back; fields it cannot change are accepted and ignored. */
export const updateContractBody = z.strictObject({
  start_date: isoDate.optional(),
  end_date: isoDate.optional(),
  comments: optionalText(2000).optional(),
  id: z.number().optional(),
  endDate: z.string().optional(),
  is_active: z.boolean().optional(),
  company_id: z.number().optional(),
  available_tests: z.unknown().optional(),
  bundles: z.unknown().optional(),
});

export const renewContractBody = z.strictObject({ months });

export const createBundleBody = z.strictObject({
  test_type: testTypeSchema,
  tests: z
    .number({ error: 'Must be a number' })
    .int()
    .min(1, 'At least 1 test')
    .max(10_000, 'At most 10000 tests'),
  comments: optionalText(2000).optional(),
  contract_id: idField,
});

/** Contracts of a company and the bundles of tests they hold: staff only (policy 'company.manage'). */
export const contractRoutes = defineRoutes('contracts', {
  create: {
    method: 'POST',
    path: '/contracts',
    access: 'staff',
    summary: 'Add a contract (dates, or months from today)',
    body: createContractBody,
    responses: { 201: contractSchema },
  },
  update: {
    method: 'PATCH',
    path: '/contracts/:id',
    access: 'staff',
    summary: 'Change the dates or comments of a contract',
    params: idParams,
    body: updateContractBody,
    responses: { 200: contractSchema },
  },
  replace: {
    method: 'PUT',
    path: '/contracts/:id',
    access: 'staff',
    summary: 'Change the dates or comments of a contract',
    description: 'The same as PATCH: only the dates and comments sent change.',
    params: idParams,
    body: updateContractBody,
    responses: { 200: contractSchema },
  },
  renew: {
    method: 'POST',
    path: '/contracts/:id/renew',
    access: 'staff',
    summary: 'Move the end date forward by N months',
    params: idParams,
    body: renewContractBody,
    responses: { 200: contractSchema },
  },
  createBundle: {
    method: 'POST',
    path: '/bundles',
    access: 'staff',
    summary: 'Add tests of one type to a contract',
    body: createBundleBody,
    responses: { 201: bundleSchema },
  },
  deleteBundle: {
    method: 'DELETE',
    path: '/bundles/:id',
    access: 'staff',
    summary: 'Remove a bundle',
    params: idParams,
    responses: { 204: null },
  },
});
