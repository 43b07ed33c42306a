import { z } from 'zod';
import { idParam, isoDate } from './fields.js';
import { defineRoutes } from './route.js';

/**
 * The audit trail of participant-level data (docs/data-rights.md): who viewed, exported, erased
 * or changed what, append-only and hash-chained, so that a removed or altered entry is found.
 * Provider staff read every entry; a company admin those about their own company's tests.
 */

export const AUDIT_ACTIONS = [
  'recording_viewed',
  'data_exported',
  'access_export_downloaded',
  'consent_changed',
  'erasure_requested',
  'participant_erased',
  'retention_changed',
  'retention_applied',
  'sign_in_throttled',
  'share_link_created',
  'share_link_revoked',
  'share_link_viewed',
  'remote_cohort_opened',
  'remote_cohort_revoked',
  'remote_participant_joined',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_NAMES: Record<AuditAction, string> = {
  recording_viewed: 'Viewed a recording',
  data_exported: 'Exported data',
  access_export_downloaded: 'Downloaded an access export',
  consent_changed: 'Changed a consent',
  erasure_requested: 'Requested an erasure',
  participant_erased: 'Erased a participant',
  retention_changed: 'Changed the retention policy',
  retention_applied: 'Removed data by the retention policy',
  sign_in_throttled: 'Sign-ins slowed down after repeated failures',
  share_link_created: 'Shared results by link',
  share_link_revoked: 'Revoked a share link',
  share_link_viewed: 'Viewed results by a share link',
  remote_cohort_opened: 'Opened a remote cohort (participant link)',
  remote_cohort_revoked: 'Closed a remote cohort',
  remote_participant_joined: 'A remote participant joined by the participant link',
};

/** What an entry records beyond its action: counts, kinds, versions; never personal data. */
export const auditDetailSchema = z.record(
  z.string(),
  z.union([z.string(), z.number(), z.boolean(), z.null()]),
);
export type AuditDetail = z.infer<typeof auditDetailSchema>;

export const auditEntrySchema = z.object({
  /** Position in the chain, from 1, without gaps. */
  seq: z.number(),
  /** Unix seconds. */
  at: z.number(),
  /** Who did it: a user (its e-mail address at the time) or the system (retention, jobs). */
  actor: z.object({ id: z.number().nullable(), label: z.string() }),
  company: z.object({ id: z.number(), name: z.string().nullable() }).nullable(),
  test: z.object({ id: z.number(), name: z.string().nullable() }).nullable(),
  /**
   * The participant by its pseudonym (`subject`), which no other table holds once the participant
   * is erased; `label` while the participant exists, null after.
   */
  participant: z.object({ subject: z.string(), label: z.string().nullable() }).nullable(),
  action: z.enum(AUDIT_ACTIONS),
  detail: auditDetailSchema,
  /** The client's address as the server saw it (TRUST_PROXY), null for the system. */
  address: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** Entries per page of the list. */
export const AUDIT_PAGE_SIZE = 50;

export const auditQuery = z.strictObject({
  company_id: idParam.optional(),
  test_id: idParam.optional(),
  action: z.enum(AUDIT_ACTIONS, { error: `Choose one of ${AUDIT_ACTIONS.join(', ')}` }).optional(),
  /** Inclusive days, YYYY-MM-DD (UTC). */
  from: isoDate.optional(),
  to: isoDate.optional(),
  /** Entries before this position (the next page of a list, newest first). */
  before: idParam.optional(),
});
export type AuditQuery = z.infer<typeof auditQuery>;

export const auditListAnswer = z.object({
  data: z.array(auditEntrySchema),
  /** `before` of the next page; null on the last. */
  next_before: z.number().nullable(),
});

export const auditVerificationSchema = z.object({
  /** Entries checked, from the first. */
  entries: z.number(),
  is_intact: z.boolean(),
  /** The first entry that does not fit the chain (altered, or after a removed one); null when intact. */
  broken_at: z.number().nullable(),
  reason: z.string().nullable(),
  /** Unix seconds of the check. */
  checked_at: z.number(),
});
export type AuditVerification = z.infer<typeof auditVerificationSchema>;

export const AUDIT_MESSAGES = {
  intact: 'The audit trail is intact: every entry is in the chain, unaltered.',
  altered: (seq: number) => `Entry ${seq} was altered: its hash does not match its content.`,
  removed: (seq: number) =>
    `An entry before ${seq} was removed: the chain skips from one entry to a later one.`,
  relinked: (seq: number) => `Entry ${seq} does not follow the entry before it: the chain was rewritten.`,
} as const;

export const auditRoutes = defineRoutes('audit', {
  list: {
    method: 'GET',
    path: '/audit',
    access: 'user',
    summary: 'Audit trail entries, newest first, 50 a page (staff: all; company admins: their own company)',
    query: auditQuery,
    responses: { 200: auditListAnswer },
    errors: [403],
  },
  export: {
    method: 'GET',
    path: '/audit/export',
    access: 'user',
    summary:
      'The audit trail entries the filters select, as CSV (staff: all; company admins: their own company)',
    query: auditQuery.omit({ before: true }),
    responses: { 200: { file: 'text/csv' } },
    errors: [403],
  },
  verification: {
    method: 'GET',
    path: '/audit/verification',
    access: 'staff',
    summary: 'Check the whole hash chain of the audit trail: is any entry altered or removed?',
    responses: { 200: z.object({ data: auditVerificationSchema }) },
  },
});
