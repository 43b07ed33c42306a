import { type InputCase, signedIn } from '../../../test/bad-input-matrix.js';
import {
  type Ctx,
  companyAdminsAndStaff,
  companyOf,
  GET_AND_HEAD,
  type RouteCases,
  staffOnly,
} from '../../../test/route-policy-matrix.js';

const ofCompany = (path: string) => (ctx: Ctx) => ({ url: `${path}?company_id=${companyOf(ctx).id}` });

export const auditPolicyCases: RouteCases = {
  ...GET_AND_HEAD('/api/v1/audit', {
    access: 'user',
    targets: ['own', 'other'],
    request: ofCompany('/api/v1/audit'),
    expect: companyAdminsAndStaff,
  }),
  'GET /api/v1/audit/export': {
    access: 'user',
    targets: ['own', 'other'],
    request: ofCompany('/api/v1/audit/export'),
    expect: companyAdminsAndStaff,
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
