import { type InputCase, signedIn } from '../../../test/bad-input-matrix.js';
import {
  type Ctx,
  companyAdminsAndStaff,
  companyOf,
  GET_AND_HEAD,
  type RouteCases,
} from '../../../test/route-policy-matrix.js';

export const processingRecordPolicyCases: RouteCases = {
  ...GET_AND_HEAD('/api/v1/companies/:id/record-of-processing', {
    access: 'user',
    targets: ['own', 'other'],
    request: (ctx: Ctx) => ({ url: `/api/v1/companies/${companyOf(ctx).id}/record-of-processing` }),
    expect: companyAdminsAndStaff,
  }),
};

export const processingRecordInputCases: InputCase[] = [
  signedIn('GET /api/v1/companies/:id/record-of-processing', ['params'], (w) => ({ id: w.world.client.id })),
];
