import { type InputCase, signedIn } from '../../../test/bad-input-matrix.js';
import {
  type Ctx,
  companyAdminsAndStaff,
  companyOf,
  GET_AND_HEAD,
  type RouteCases,
  staffOnAnyCompany,
} from '../../../test/route-policy-matrix.js';

const retentionOf = (ctx: Ctx) => `/api/v1/companies/${companyOf(ctx).id}/retention`;

export const retentionPolicyCases: RouteCases = {
  ...GET_AND_HEAD('/api/v1/companies/:id/retention', {
    access: 'user',
    targets: ['own', 'other'],
    request: (ctx) => ({ url: retentionOf(ctx) }),
    expect: companyAdminsAndStaff,
  }),
  'PUT /api/v1/companies/:id/retention': {
    access: 'staff',
    targets: ['own', 'other'],
    request: (ctx) => ({
      url: retentionOf(ctx),
      payload: { recordings_days: 90, streams_days: 730, derived_days: null },
    }),
    expect: staffOnAnyCompany,
  },
};

export const retentionInputCases: InputCase[] = [
  signedIn('GET /api/v1/companies/:id/retention', ['params'], (w) => ({ id: w.world.client.id })),
  signedIn('PUT /api/v1/companies/:id/retention', ['params', 'body'], (w) => ({
    id: w.world.client.id,
    body: { recordings_days: 30, streams_days: 365, derived_days: null },
  })),
];
