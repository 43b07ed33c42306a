import { type InputCase, signedIn } from '../../../test/bad-input-matrix.js';
import {
  type Ctx,
  companyOf,
  GET_AND_HEAD,
  type RoleExpectation,
  type RoleName,
  type RouteCases,
  staffOnly,
} from '../../../test/route-policy-matrix.js';

/** The trail of a company: staff any company's, a company admin their own company's only. */
const readsAsCompanyAdmin: Record<RoleName, RoleExpectation> = {
  anonymous: { own: 401, other: 401 },
  superAdmin: { own: 'ok', other: 'ok' },
  staff: { own: 'ok', other: 'ok' },
  clientAdmin: { own: 'ok', other: 403 },
  clientMember: { own: 403, other: 403 },
  otherAdmin: { own: 'ok', other: 403 },
  demoUser: { own: 403, other: 403 },
};

const ofCompany = (path: string) => (ctx: Ctx) => ({ url: `${path}?company_id=${companyOf(ctx).id}` });

export const auditPolicyCases: RouteCases = {
  ...GET_AND_HEAD('/api/v1/audit', {
    access: 'user',
    targets: ['own', 'other'],
    request: ofCompany('/api/v1/audit'),
    expect: readsAsCompanyAdmin,
  }),
  'GET /api/v1/audit/export': {
    access: 'user',
    targets: ['own', 'other'],
    request: ofCompany('/api/v1/audit/export'),
    expect: readsAsCompanyAdmin,
  },
  ...GET_AND_HEAD('/api/v1/audit/verification', {
    access: 'staff',
    targets: ['none'],
    request: () => ({ url: '/api/v1/audit/verification' }),
    expect: staffOnly,
  }),
};

export const auditInputCases: InputCase[] = [
  signedIn('GET /api/v1/audit', ['querystring'], () => ({
    query: { action: 'participant_erased', from: '2026-01-01', to: '2026-12-31' },
  })),
  signedIn('GET /api/v1/audit/export', ['querystring'], () => ({ query: { action: 'data_exported' } })),
];
