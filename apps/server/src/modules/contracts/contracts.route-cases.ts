import { type InputCase, signedIn } from '../../../test/bad-input-matrix.js';
import { buildContract } from '../../../test/factories.js';
import {
  type Ctx,
  companyOf,
  type RouteCase,
  type RouteCases,
  staffOnAnyCompany,
} from '../../../test/route-policy-matrix.js';
import { bundles } from '../../db/schema.js';

async function contractOf(ctx: Ctx): Promise<number> {
  return (await buildContract(ctx.t.db, companyOf(ctx).id)).id;
}

async function bundleOf(ctx: Ctx): Promise<number> {
  const [bundle] = await ctx.t.db
    .insert(bundles)
    .values({ contractId: await contractOf(ctx), testType: 'essential', tests: 1 })
    .returning();
  if (!bundle) throw new Error('no bundle');
  return bundle.id;
}

/** Contracts and bundles: staff only, whichever company they belong to. */
export const contractsPolicyCases: RouteCases = {
  'POST /api/v1/contracts': {
    access: 'staff',
    targets: ['own', 'other'],
    request: (ctx) => ({ url: '/api/v1/contracts', payload: { company_id: companyOf(ctx).id, months: 12 } }),
    expect: staffOnAnyCompany,
  },
  ...Object.fromEntries(
    (['PATCH', 'PUT'] as const).map((method) => [
      `${method} /api/v1/contracts/:id`,
      {
        access: 'staff',
        targets: ['own', 'other'],
        request: async (ctx) => ({
          url: `/api/v1/contracts/${await contractOf(ctx)}`,
          payload: { comments: 'Changed' },
        }),
        expect: staffOnAnyCompany,
      } satisfies RouteCase,
    ]),
  ),
  'POST /api/v1/contracts/:id/renew': {
    access: 'staff',
    targets: ['own', 'other'],
    request: async (ctx) => ({
      url: `/api/v1/contracts/${await contractOf(ctx)}/renew`,
      payload: { months: 1 },
    }),
    expect: staffOnAnyCompany,
  },
  'POST /api/v1/bundles': {
    access: 'staff',
    targets: ['own', 'other'],
    request: async (ctx) => ({
      url: '/api/v1/bundles',
      payload: { test_type: 'essential', tests: 1, contract_id: await contractOf(ctx) },
    }),
    expect: staffOnAnyCompany,
  },
  'DELETE /api/v1/bundles/:id': {
    access: 'staff',
    targets: ['own', 'other'],
    request: async (ctx) => ({ url: `/api/v1/bundles/${await bundleOf(ctx)}` }),
    expect: staffOnAnyCompany,
  },
};

export const contractsInputCases: InputCase[] = [
  signedIn('POST /api/v1/contracts', ['body'], (w) => ({
    body: {
      company_id: w.world.client.id,
      start_date: '2030-01-01',
      end_date: '2031-01-01',
      comments: 'Next year',
    },
  })),
  ...(['PATCH', 'PUT'] as const).map(
    (method): InputCase => ({
      key: `${method} /api/v1/contracts/:id`,
      isPublic: false,
      parts: ['body', 'params'],
      sample: (w) => ({
        id: w.contractId,
        body: { start_date: '2020-01-01', end_date: '2040-01-01', comments: 'Long' },
      }),
    }),
  ),
  signedIn('POST /api/v1/contracts/:id/renew', ['body', 'params'], (w) => ({
    id: w.contractId,
    body: { months: 1 },
  })),
  signedIn('POST /api/v1/bundles', ['body'], (w) => ({
    body: { test_type: 'essential', tests: 2, comments: 'Extra', contract_id: w.contractId },
  })),
  { key: 'DELETE /api/v1/bundles/:id', isPublic: false, parts: ['params'], sample: () => ({ id: 1 }) },
];
