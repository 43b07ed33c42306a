import type { InputCase } from '../../../test/bad-input-matrix.js';
import {
  type Ctx,
  companyOf,
  GET_AND_HEAD,
  type RoleExpectation,
  type RoleName,
  type RouteCases,
  staffOnAnyCompany,
} from '../../../test/route-policy-matrix.js';

/** A company's policy: staff read any company's, a company admin their own company's only. */
const readsAsCompanyAdmin: Record<RoleName, RoleExpectation> = {
  anonymous: { own: 401, other: 401 },
  superAdmin: { own: 'ok', other: 'ok' },
  staff: { own: 'ok', other: 'ok' },
  clientAdmin: { own: 'ok', other: 403 },
  clientMember: { own: 403, other: 403 },
  otherAdmin: { own: 'ok', other: 403 },
  demoUser: { own: 403, other: 403 },
};

const retentionOf = (ctx: Ctx) => `/api/v1/companies/${companyOf(ctx).id}/retention`;

export const retentionPolicyCases: RouteCases = {
  ...GET_AND_HEAD('/api/v1/companies/:id/retention', {
    access: 'user',
    targets: ['own', 'other'],
    request: (ctx) => ({ url: retentionOf(ctx) }),
    expect: readsAsCompanyAdmin,
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
  {
    key: 'GET /api/v1/companies/:id/retention',
    isPublic: false,
    parts: ['params'],
    sample: (w) => ({ id: w.world.client.id }),
  },
  {
    key: 'PUT /api/v1/companies/:id/retention',
    isPublic: false,
    parts: ['params', 'body'],
    sample: (w) => ({
      id: w.world.client.id,
      body: { recordings_days: 30, streams_days: 365, derived_days: null },
    }),
  },
];
