import { type InputCase, signedIn } from '../../../test/bad-input-matrix.js';
import { freshEmail, nextNumber } from '../../../test/bad-input-world.js';
import { buildCompany } from '../../../test/factories.js';
import {
  companyOf,
  fresh,
  freshEmail as freshPolicyEmail,
  GET_AND_HEAD,
  ownCompanyRoute,
  type RouteCases,
  signedInRoute,
  staffOnly,
} from '../../../test/route-policy-matrix.js';

/** Companies and countries. */
export const companiesPolicyCases: RouteCases = {
  ...GET_AND_HEAD('/api/v1/companies', {
    // Staff of either area; the research-only company's users: companies.route-policy.test.ts.
    access: 'user',
    targets: ['none'],
    request: () => ({ url: '/api/v1/companies' }),
    expect: staffOnly,
  }),
  ...GET_AND_HEAD(
    '/api/v1/companies/:id',
    ownCompanyRoute((ctx) => ({ url: `/api/v1/companies/${companyOf(ctx).id}` })),
  ),
  ...GET_AND_HEAD(
    '/api/v1/companies/:id/contracts',
    ownCompanyRoute((ctx) => ({ url: `/api/v1/companies/${companyOf(ctx).id}/contracts` })),
  ),
  'POST /api/v1/companies': {
    access: 'staff',
    targets: ['none'],
    request: (ctx) => ({
      url: '/api/v1/companies',
      payload: {
        company: {
          name: fresh('Company'),
          address: 'Street 1',
          postal_code: '1000 AA',
          city: 'Amsterdam',
          country_id: ctx.countryId,
          consultant_id: ctx.world.staff.id,
          business_developer_id: ctx.world.superAdmin.id,
          admin_email: freshPolicyEmail(),
        },
      },
    }),
    expect: staffOnly,
  },
  'DELETE /api/v1/companies/:id': {
    access: 'staff',
    targets: ['own', 'other'],
    // `other` is a new company each time, so that a removal leaves the cast alone. Client users are
    // refused by the route's access (staff) before any company is read: 403, a missing one alike.
    request: async (ctx) => ({
      url: `/api/v1/companies/${ctx.target === 'own' ? ctx.own.id : (await buildCompany(ctx.t.db)).id}`,
    }),
    expect: {
      anonymous: { own: 401, other: 401 },
      // Staff's own company is the provider, which cannot be removed.
      superAdmin: { own: 409, other: 'ok' },
      staff: { own: 409, other: 'ok' },
      clientAdmin: { own: 403, other: 403 },
      clientMember: { own: 403, other: 403 },
      otherAdmin: { own: 403, other: 403 },
      demoUser: { own: 403, other: 403 },
    },
  },
  ...GET_AND_HEAD(
    '/api/v1/countries',
    signedInRoute(() => ({ url: '/api/v1/countries' })),
  ),
};

export const companiesInputCases: InputCase[] = [
  signedIn('GET /api/v1/companies/:id', ['params'], (w) => ({ id: w.world.client.id })),
  signedIn('GET /api/v1/companies/:id/contracts', ['params'], (w) => ({ id: w.world.client.id })),
  signedIn('POST /api/v1/companies', ['body'], (w) => ({
    body: {
      company: {
        name: `Company ${nextNumber()}`,
        address: 'Street 1',
        postal_code: '1000 AA',
        city: 'Amsterdam',
        country_id: w.countryId,
        consultant_id: w.world.staff.id,
        business_developer_id: w.world.superAdmin.id,
        admin_email: freshEmail(),
        months: 12,
      },
    },
  })),
  signedIn('DELETE /api/v1/companies/:id', ['params'], (w) => ({ id: w.world.other.id })),
];
