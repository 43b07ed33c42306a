import type { InputCase } from '../../../test/bad-input-matrix.js';
import { type InputWorld, nextNumber } from '../../../test/bad-input-world.js';
import { type RouteCases, recorderRoute } from '../../../test/route-policy-matrix.js';

/** Ingestion: lab recorders with their key only (ingestion.routes.test.ts walks them with a key). */
export const ingestionPolicyCases: RouteCases = {
  'POST /api/v1/ingest/participants': recorderRoute('/api/v1/ingest/participants'),
  'PUT /api/v1/ingest/participants/:pid/streams/:kind/batches/:seq': recorderRoute(
    '/api/v1/ingest/participants/1/streams/eyes/batches/0',
  ),
  'POST /api/v1/ingest/participants/:pid/finish': recorderRoute('/api/v1/ingest/participants/1/finish'),
  'POST /api/v1/ingest/participants/:pid/video': recorderRoute('/api/v1/ingest/participants/1/video'),
  'HEAD /api/v1/ingest/participants/:pid/video': recorderRoute('/api/v1/ingest/participants/1/video'),
  'PATCH /api/v1/ingest/participants/:pid/video': recorderRoute('/api/v1/ingest/participants/1/video'),
};

/** A new participant still recording, created through the ingestion API. */
async function recordingParticipant(w: InputWorld): Promise<number> {
  const response = await w.t.app.inject({
    method: 'POST',
    url: '/api/v1/ingest/participants',
    headers: { authorization: `Setup ${w.setupKey}` },
    payload: { test_id: w.recordedTestId, real_id: `bad-input-${nextNumber()}` },
  });
  return response.json().id as number;
}

export const ingestionInputCases: InputCase[] = [
  {
    key: 'POST /api/v1/ingest/participants',
    isPublic: false,
    isRecorder: true,
    parts: ['body'],
    sample: (w) => ({
      body: {
        test_id: w.recordedTestId,
        real_id: `bad-input-${nextNumber()}`,
        type: 'default',
        demographic: { age: 30, gender: 'female', education: 'University' },
        started_at: 1_768_210_200,
      },
    }),
  },
  {
    key: 'PUT /api/v1/ingest/participants/:pid/streams/:kind/batches/:seq',
    isPublic: false,
    isRecorder: true,
    parts: ['params'],
    sample: async (w) => ({ params: { pid: await recordingParticipant(w), kind: 'eyes', seq: 0 } }),
  },
  {
    key: 'POST /api/v1/ingest/participants/:pid/finish',
    isPublic: false,
    isRecorder: true,
    parts: ['body', 'params'],
    sample: async (w) => ({
      params: { pid: await recordingParticipant(w) },
      body: {
        ended_at: 1_768_210_260,
        geometry: { width_px: 1920, height_px: 1080, width_mm: 344, height_mm: 194, distance_mm: 550 },
      },
    }),
  },
  {
    key: 'POST /api/v1/ingest/participants/:pid/video',
    isPublic: false,
    isRecorder: true,
    parts: ['body', 'params'],
    sample: async (w) => ({
      params: { pid: await recordingParticipant(w) },
      body: { size: 1000, filename: 'screen.mp4' },
    }),
  },
  {
    key: 'PATCH /api/v1/ingest/participants/:pid/video',
    isPublic: false,
    isRecorder: true,
    parts: ['params'],
    sample: async (w) => ({ params: { pid: await recordingParticipant(w) } }),
  },
];
