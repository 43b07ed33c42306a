import { z } from 'zod';
import { idParam, idParams, requiredText } from './fields.js';
import { defineRoutes } from './route.js';

/**
 * What a participant can consent to (docs/data-rights.md): the streams recorded of them and the
 * purposes their data serves. A test's consent terms name both; each participant's consent record
 * grants some of each.
 */

/** The kinds of data recorded of a participant that consent covers. */
export const CONSENT_STREAMS = [
  'emotions',
  'eyes',
  'mice',
  'screen',
  'voice',
  'answers',
  'expressions',
] as const;
export type ConsentStream = (typeof CONSENT_STREAMS)[number];

export const CONSENT_STREAM_NAMES: Record<ConsentStream, string> = {
  emotions: 'EEG and emotions',
  eyes: 'Gaze',
  mice: 'Mouse and touch',
  screen: 'Screen recording',
  voice: 'Voice and spoken feedback',
  answers: 'Questionnaire answers',
  expressions: 'Facial expressions (webcam, read on the device)',
};

/** What a participant's data may be used for. */
export const CONSENT_PURPOSES = ['report', 'norms', 'ai'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

export const CONSENT_PURPOSE_NAMES: Record<ConsentPurpose, string> = {
  report: "This study's report for the client",
  norms: 'Anonymised norms and benchmarks across tests',
  ai: "AI processing (text generated from the participant's comments)",
};

/** How a consent was given or changed. */
export const CONSENT_METHODS = ['recorder', 'import', 'paper', 'online', 'withdrawal'] as const;
export type ConsentMethod = (typeof CONSENT_METHODS)[number];

export const CONSENT_METHOD_NAMES: Record<ConsentMethod, string> = {
  recorder: 'Given at the lab recorder',
  import: 'Given with an import',
  paper: 'Given on paper, entered by a researcher',
  online: "Given online, in the participant's browser (a remote study)",
  withdrawal: 'Withdrawn in part',
};

// ── the terms, the records and their routes ──

const streamList = z
  .array(z.enum(CONSENT_STREAMS, { error: `Choose among ${CONSENT_STREAMS.join(', ')}` }))
  .max(CONSENT_STREAMS.length)
  .refine((list) => new Set(list).size === list.length, 'Name each stream once');
const purposeList = z
  .array(z.enum(CONSENT_PURPOSES, { error: `Choose among ${CONSENT_PURPOSES.join(', ')}` }))
  .max(CONSENT_PURPOSES.length)
  .refine((list) => new Set(list).size === list.length, 'Name each purpose once');

/** The longest terms text (a consent form of a few pages). */
export const CONSENT_TEXT_MAX = 20_000;

/** A version of a test's consent terms. */
export const consentTermsSchema = z.object({
  id: z.number(),
  test_id: z.number(),
  version: z.number(),
  text: z.string(),
  streams: z.array(z.enum(CONSENT_STREAMS)),
  purposes: z.array(z.enum(CONSENT_PURPOSES)),
  /** The researcher who wrote this version (e-mail address), null when unknown or removed. */
  created_by: z.string().nullable(),
  /** Unix seconds. */
  created_at: z.number(),
});
export type ConsentTerms = z.infer<typeof consentTermsSchema>;
export const consentTermsListAnswer = z.object({ data: z.array(consentTermsSchema) });

/** A new version of the terms: a new text is a new version, the earlier ones stay as they were. */
export const createConsentTermsBody = z.strictObject({
  terms: z.strictObject({
    text: requiredText(CONSENT_TEXT_MAX),
    streams: streamList.refine((list) => list.length > 0, 'Choose at least one stream'),
    purposes: purposeList.refine((list) => list.length > 0, 'Choose at least one purpose'),
  }),
});
export type CreateConsentTermsInput = z.infer<typeof createConsentTermsBody>['terms'];

/** One state of a participant's consent; the newest is in force. */
export const consentRecordSchema = z.object({
  id: z.number(),
  version: z.number(),
  streams: z.array(z.enum(CONSENT_STREAMS)),
  purposes: z.array(z.enum(CONSENT_PURPOSES)),
  /** Unix seconds: when it was given (or withdrawn). */
  given_at: z.number(),
  method: z.enum(CONSENT_METHODS),
  /** The researcher who entered it (e-mail address); null for the recorder, the import or a removed user. */
  recorded_by: z.string().nullable(),
  /** Unix seconds: when it was recorded. */
  created_at: z.number(),
});
export type ConsentRecord = z.infer<typeof consentRecordSchema>;

export const participantConsentSchema = z.object({
  /** The consent in force, null when none was recorded. */
  current: consentRecordSchema.nullable(),
  /** Every state, newest first (the first is `current`). */
  history: z.array(consentRecordSchema),
  /** Whether the test has consent terms: without them (a legacy test) no consent is required. */
  has_terms: z.boolean(),
});
export type ParticipantConsent = z.infer<typeof participantConsentSchema>;
export const participantConsentAnswer = z.object({ data: participantConsentSchema });

/** Unix seconds of a consent's date: from 2000 to 9999. */
const givenAtField = z
  .number({ error: 'Must be a time in unix seconds' })
  .int()
  .min(946_684_800, 'Must be a time after the year 2000')
  .max(253_402_300_799);

/** What a participant granted under a version of the terms (the recorder's, the import's, the paper's). */
export const consentGrantSchema = z.strictObject({
  version: z.number({ error: 'Must be a version number' }).int().positive().max(1_000_000),
  streams: streamList,
  purposes: purposeList,
  given_at: givenAtField,
});
export type ConsentGrant = z.infer<typeof consentGrantSchema>;

/** The consent the ingestion API takes with a participant: the recorder's, or the import CLI's. */
export const ingestConsentSchema = consentGrantSchema.extend({
  method: z.enum(['recorder', 'import'], { error: 'Choose recorder or import' }).optional(),
});

export const paperConsentBody = z.strictObject({ consent: consentGrantSchema });

export const withdrawConsentBody = z
  .strictObject({ streams: streamList.optional(), purposes: purposeList.optional() })
  .refine(
    (body) => (body.streams?.length ?? 0) + (body.purposes?.length ?? 0) > 0,
    'Name at least one stream or purpose to withdraw',
  );
export type WithdrawConsentInput = z.infer<typeof withdrawConsentBody>;

export const consentParticipantParams = z.strictObject({ id: idParam, pid: idParam });

/** What the stream kinds of the ingestion API are, in the consent's words. */
export const CONSENT_STREAM_OF_KIND = {
  emotions: 'emotions',
  eyes: 'eyes',
  mice: 'mice',
  expressions: 'expressions',
  video: 'screen',
} as const satisfies Record<string, ConsentStream>;

const streamWords = (stream: ConsentStream) => `${CONSENT_STREAM_NAMES[stream].toLowerCase()} (${stream})`;

export const CONSENT_MESSAGES = {
  streamRefused: (participant: string, stream: ConsentStream, version: number) =>
    `Participant ${participant} did not consent to ${streamWords(stream)} under consent version ${version}: nothing of it is stored`,
  noConsent: (participant: string) =>
    `Participant ${participant} has no consent record, and this test has consent terms: record the participant's consent (the recorder's, the import's or a paper one) before sending their data`,
  unknownVersion: (version: number) => `The test has no consent terms version ${version}`,
  notInTerms: (what: string, version: number) => `Consent version ${version} does not cover ${what}`,
  nothingToWithdraw: 'The participant has no consent in force to withdraw from',
  notGranted: (what: string) => `${what} is not granted: there is nothing to withdraw`,
  inFuture: 'A consent cannot be given in the future',
  /** The wizard's note on the participants left out of the AI prompt. */
  leftOutOfAi: (count: number) =>
    `${count} participant${count === 1 ? ' is' : 's are'} left out: they did not consent to AI processing.`,
} as const;

/** Consent terms per test and each participant's consent (docs/data-rights.md). Writes: research area. */
export const consentRoutes = defineRoutes('consent', {
  listTerms: {
    method: 'GET',
    path: '/tests/:id/consent-terms',
    access: 'user',
    summary: "The versions of the test's consent terms, newest first",
    params: idParams,
    responses: { 200: consentTermsListAnswer },
    errors: [403],
  },
  createTerms: {
    method: 'POST',
    path: '/tests/:id/consent-terms',
    access: 'researcher',
    summary: 'Add a new version of the consent terms (a new text is a new version, never an edit)',
    params: idParams,
    body: createConsentTermsBody,
    responses: { 201: z.object({ data: consentTermsSchema }) },
  },
  participantConsent: {
    method: 'GET',
    path: '/tests/:id/participants/:pid/consent',
    access: 'user',
    summary: "A participant's consent in force and its history, newest first",
    params: consentParticipantParams,
    responses: { 200: participantConsentAnswer },
    errors: [403],
  },
  paperConsent: {
    method: 'POST',
    path: '/tests/:id/participants/:pid/consent',
    access: 'researcher',
    summary: 'Enter a consent given on paper (it is in force from now on; audited)',
    params: consentParticipantParams,
    body: paperConsentBody,
    responses: { 201: participantConsentAnswer },
    errors: [404],
  },
  withdraw: {
    method: 'POST',
    path: '/tests/:id/participants/:pid/consent/withdrawal',
    access: 'researcher',
    summary: 'Withdraw streams or purposes from the consent in force, at once (audited)',
    params: consentParticipantParams,
    body: withdrawConsentBody,
    responses: { 201: participantConsentAnswer },
    errors: [409],
  },
});
