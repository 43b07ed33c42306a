import { z } from 'zod';
import { idParam } from './fields.js';
import { defineRoutes } from './route.js';

/**
 * Erasure of a participant (GDPR Art. 17, docs/data-rights.md): researchers erase; a company
 * admin requests the erasure of a participant of their own company's tests, which a researcher
 * then carries out. The erasure runs as a durable job and ends with a verification; its receipt
 * keeps no personal data (a salted hash of the participant's real_id).
 */

export const ERASURE_STATES = ['requested', 'erasing', 'pending', 'verified', 'failed'] as const;
export type ErasureStateName = (typeof ERASURE_STATES)[number];

export const ERASURE_STATE_NAMES: Record<ErasureStateName, string> = {
  requested: 'Requested',
  erasing: 'Erasing',
  pending: 'Pending: files still to delete',
  verified: 'Erased and verified',
  failed: 'Verification failed',
};

/** What an erasure removes, counted on its receipt (rows per kind, files, recomputed results). */
export const ERASURE_COUNT_NAMES: Record<string, string> = {
  participant: 'Participant',
  streams: 'Sample streams',
  ingest_batches: 'Ingestion batches',
  video_uploads: 'Video uploads in progress',
  significant_points: 'Significant points',
  sections: 'Sections (page visits)',
  answers: 'Questionnaire answers',
  consent_records: 'Consent records',
  jobs: 'Queued jobs naming the participant',
  insight_citations: 'Citations in insights (evidence withdrawn)',
  insights_marked: 'Insights marked "evidence withdrawn"',
  ai_generation_citations: 'Citations in AI insight proposals',
  reels_changed: 'Evidence reels without their clips (file deleted, to render again)',
  reels_deleted: 'Evidence reels deleted (no clip left)',
  files: 'Files (streams, video, screen recording, uploads, evidence reels)',
  recomputed_metrics: 'page and tag metrics (and so the benchmarks)',
  recomputed_video_aggregate: "the video test's aggregate and heatmap video (and so the norms)",
};

export const erasureVerificationSchema = z.object({
  /** Table columns searched (text and JSON, and every participant_id). */
  columns_searched: z.number(),
  files_searched: z.number(),
  /** Where an identifier was still found ("table.column" or "file"), empty when verified. */
  found: z.array(z.object({ where: z.string(), count: z.number() })),
  /** Unix seconds of the check. */
  checked_at: z.number(),
});
export type ErasureVerification = z.infer<typeof erasureVerificationSchema>;

/** An erasure and, once done, its receipt. No personal data: the subject's pseudonym and a salted hash. */
export const erasureSchema = z.object({
  id: z.number(),
  test_id: z.number(),
  /** The id the participant had; it names nothing once its rows are gone. */
  participant_id: z.number(),
  /** The pseudonym of the participant's audit entries. */
  subject: z.string(),
  /** SHA-256 of salt + real_id (hex), with its salt: proves the receipt is about a person only to who knows their real_id. */
  subject_hash: z.string(),
  subject_salt: z.string(),
  state: z.enum(ERASURE_STATES),
  requested_by: z.object({ id: z.number(), label: z.string() }).nullable(),
  /** Unix seconds. */
  requested_at: z.number().nullable(),
  erased_by: z.object({ id: z.number(), label: z.string() }).nullable(),
  started_at: z.number().nullable(),
  finished_at: z.number().nullable(),
  /** What was removed, by kind (ERASURE_COUNT_NAMES). */
  removed: z.record(z.string(), z.number()),
  /** Files that could not be deleted yet (retried until gone): how many. */
  pending_files: z.number(),
  is_verified: z.boolean(),
  verification: erasureVerificationSchema.nullable(),
});
export type Erasure = z.infer<typeof erasureSchema>;

export const erasureParticipantParams = z.strictObject({ id: idParam, pid: idParam });
export const erasureParams = z.strictObject({ id: idParam, eid: idParam });

export const ERASURE_MESSAGES = {
  requestOnly: 'Only researchers erase participants; a company admin may request an erasure.',
} as const;

export const erasureRoutes = defineRoutes('erasures', {
  erase: {
    method: 'POST',
    path: '/tests/:id/participants/:pid/erasure',
    access: 'user',
    summary:
      'Erase a participant (researchers: runs at once as a job) or request its erasure (company admins of the test’s company); a second call answers the first receipt',
    params: erasureParticipantParams,
    responses: { 202: z.object({ data: erasureSchema }) },
    errors: [403],
  },
  list: {
    method: 'GET',
    path: '/tests/:id/erasures',
    access: 'user',
    summary: 'The erasures of a test, newest first (researchers; company admins of the test’s company)',
    params: z.strictObject({ id: idParam }),
    responses: { 200: z.object({ data: z.array(erasureSchema) }) },
    errors: [403],
  },
  get: {
    method: 'GET',
    path: '/tests/:id/erasures/:eid',
    access: 'user',
    summary: 'The receipt of an erasure: state, what was removed, when, by whom, verified',
    params: erasureParams,
    responses: { 200: z.object({ data: erasureSchema }) },
    errors: [403],
  },
});
