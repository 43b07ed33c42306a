import { z } from 'zod';
import { CONSENT_PURPOSES, CONSENT_STREAMS } from './consent.js';
import { idParams } from './fields.js';
import { retentionPolicySchema } from './retention.js';
import { defineRoutes } from './route.js';

/**
 * The record of processing activities (GDPR Art. 30) a company keeps as the controller of its
 * studies, with the provider as processor: what Limbus holds about the company's participants, why,
 * for whom, where and for how long, read from the company's own tests, consents and policy
 * (docs/data-rights.md, "Record of processing").
 */

/** Streams the GDPR counts as special categories (Art. 9): they reveal health and biometrics. */
export const SPECIAL_CATEGORY_STREAMS = ['emotions', 'eyes'] as const;

/** What the product does to keep the data safe, whatever the deployment (Art. 30(1)(g), 32). */
export const PROCESSING_SECURITY_MEASURES = [
  "Access by role and company, checked by the server on every call: a company's users see its own tests only",
  'Every view of a recording, export, erasure, consent change and retention change is written to an append-only, hash-chained audit trail',
  "Streams a participant did not consent to are refused at ingestion; a withdrawal removes the stream's data at once",
  'Erasure removes every row and file of a participant, recomputes what was derived from them and verifies that no identifier is left',
  'Passwords are stored as Argon2 hashes; sign-in is slowed down per address and per account after failures',
  'Media links are signed, expire and end with the session that received them; uploaded images are re-encoded to pixels only',
  "Transport encryption (TLS) and encryption at rest are the deployment's: see its operations record",
] as const;

const countedItem = {
  name: z.string(),
  /** Participants whose consent in force grants it. */
  granted: z.number(),
};

export const processingRecordSchema = z.object({
  /** Unix seconds: when this record was read from the data. */
  generated_at: z.number(),
  controller: z.object({
    company_id: z.number(),
    name: z.string(),
    /** One line: street, postal code, city, country; empty when none is recorded. */
    address: z.string(),
    /** The company's admin, who answers for its tests in Limbus; null when it has none. */
    contact: z.object({ name: z.string(), email: z.string() }).nullable(),
  }),
  processor: z.object({ name: z.string(), address: z.string() }),
  purposes: z.array(z.object({ purpose: z.enum(CONSENT_PURPOSES), ...countedItem })),
  data_subjects: z.object({
    tests: z.number(),
    participants: z.number(),
    /** Participants with a consent record. */
    with_consent: z.number(),
  }),
  data_categories: z.array(
    z.object({ stream: z.enum(CONSENT_STREAMS), special_category: z.boolean(), ...countedItem }),
  ),
  /** Who receives the data, one sentence each. */
  recipients: z.array(z.string()),
  /** Where the data is kept and processed: what decides transfers to third countries. */
  locations: z.object({ database: z.string(), files: z.string(), ai: z.string() }),
  retention: retentionPolicySchema,
  security_measures: z.array(z.string()),
  tests: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      participants: z.number(),
      /** The newest version of the test's consent terms; null when it has none. */
      terms_version: z.number().nullable(),
      streams: z.array(z.enum(CONSENT_STREAMS)),
      purposes: z.array(z.enum(CONSENT_PURPOSES)),
    }),
  ),
});
export type ProcessingRecord = z.infer<typeof processingRecordSchema>;

export const processingRecordRoutes = defineRoutes('processingRecord', {
  get: {
    method: 'GET',
    path: '/companies/:id/record-of-processing',
    access: 'user',
    summary:
      "A company's record of processing (GDPR Art. 30) for its studies, read from its tests, consents and retention policy (staff; its company admins)",
    params: idParams,
    responses: { 200: z.object({ data: processingRecordSchema }) },
    errors: [403, 404],
  },
});
