import { type InputCase, signedIn } from '../../../test/bad-input-matrix.js';
import { nextNumber } from '../../../test/bad-input-world.js';
import type { TestApp } from '../../../test/create-test-app.js';
import {
  fresh,
  GET_AND_HEAD,
  type RouteCases,
  recorderRoute,
  staffOnly,
} from '../../../test/route-policy-matrix.js';
import { createTestSetup } from './test-setups.service.js';

/** A 27-inch 1440p screen at 650 mm. */
const SAMPLE_GEOMETRY = { width_px: 2560, height_px: 1440, width_mm: 597, height_mm: 336, distance_mm: 650 };

/** A new test setup (lab recorder). */
async function setupOf(t: TestApp, name: string): Promise<number> {
  return (await createTestSetup({ db: t.db, clock: () => new Date() }, { name, ip: '' })).data.id;
}

/** Test setups: the research area manages the lab recorders (spec 2 /research/testsetups). */
export const testSetupsPolicyCases: RouteCases = {
  ...GET_AND_HEAD('/api/v1/test_setups', {
    access: 'researcher',
    targets: ['none'],
    request: () => ({ url: '/api/v1/test_setups' }),
    expect: staffOnly,
  }),
  'POST /api/v1/test_setups': {
    access: 'researcher',
    targets: ['none'],
    request: () => ({ url: '/api/v1/test_setups', payload: { name: fresh('lab'), ip: '10.0.0.1' } }),
    expect: staffOnly,
  },
  'PATCH /api/v1/test_setups/:id': {
    access: 'researcher',
    targets: ['none'],
    request: async (ctx) => ({
      url: `/api/v1/test_setups/${await setupOf(ctx.t, fresh('lab'))}`,
      payload: { geometry: SAMPLE_GEOMETRY },
    }),
    expect: staffOnly,
  },
  'POST /api/v1/test_setups/:id/key': {
    access: 'researcher',
    targets: ['none'],
    request: async (ctx) => ({ url: `/api/v1/test_setups/${await setupOf(ctx.t, fresh('lab'))}/key` }),
    expect: staffOnly,
  },
  'DELETE /api/v1/test_setups/:id': {
    access: 'researcher',
    targets: ['none'],
    request: async (ctx) => ({ url: `/api/v1/test_setups/${await setupOf(ctx.t, fresh('lab'))}` }),
    expect: staffOnly,
  },
  // Lab recorders with their key only (test-setups.routes.test.ts sends one).
  'POST /api/v1/ingest/heartbeat': recorderRoute('/api/v1/ingest/heartbeat'),
};

export const testSetupsInputCases: InputCase[] = [
  signedIn('POST /api/v1/test_setups', ['body'], () => ({
    body: { name: 'Lab', ip: '10.0.0.1', geometry: SAMPLE_GEOMETRY },
  })),
  signedIn('PATCH /api/v1/test_setups/:id', ['params', 'body'], async (w) => ({
    id: await setupOf(w.t, `Lab ${nextNumber()}`),
    body: { name: 'Lab', geometry: SAMPLE_GEOMETRY },
  })),
  signedIn('POST /api/v1/test_setups/:id/key', ['params'], async (w) => ({
    id: await setupOf(w.t, `Lab ${nextNumber()}`),
  })),
  signedIn('DELETE /api/v1/test_setups/:id', ['params'], async (w) => ({
    id: await setupOf(w.t, `Lab ${nextNumber()}`),
  })),
  {
    key: 'POST /api/v1/ingest/heartbeat',
    isPublic: false,
    isRecorder: true,
    parts: ['body'],
    sample: () => ({
      body: { status: { eeg: true, eye: true, mouse: true, tapp: false, recorder: true, redis: true } },
    }),
  },
];
