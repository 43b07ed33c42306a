import { z } from 'zod';
import { answerFields } from './answers.js';
import { CONSENT_PURPOSES, CONSENT_STREAMS } from './consent.js';
import { PLATFORMS } from './constants.js';
import { idField, idParams, isoDate, requiredText } from './fields.js';
import { finishParticipantAnswer, finishParticipantBody, ingestBatchAnswer } from './ingestion.js';
import { defineRoutes } from './route.js';
import { screenGeometrySchema } from './test-setups.js';

/**
 * Remote studies (issue 30; docs/remote-studies.md): a test's remote cohort, run in the
 * participant's own browser. The research area opens a cohort and gets its participant link,
 * `/p/{token}`, once. The link's token is a credential of its own (`Authorization: Remote <token>`)
 * that reads the study's session info and creates participants, one per call, up to the cap; each
 * participant gets a short-lived session credential (`Authorization: Session <token>`) that only
 * uploads that participant's streams and ends its session.
 */

export const REMOTE_COHORT_CAP_MAX = 10_000;
export const REMOTE_COHORT_EXPIRY_DAYS = [1, 3, 7, 14, 30, 90] as const;
export const REMOTE_COHORT_DEFAULT_EXPIRY_DAYS = 14 satisfies (typeof REMOTE_COHORT_EXPIRY_DAYS)[number];
/** The furthest a cohort's expiry date may lie ahead. */
export const REMOTE_COHORT_MAX_DAYS = 365;
export const REMOTE_REDIRECT_MAX = 2000;
export const REMOTE_EXTERNAL_ID_MAX = 128;
/** How long a participant's session credential works: a study of an hour, with room to resume. */
export const REMOTE_SESSION_HOURS = 3;
/**
 * How long the participant's browser shows each page of a website test (its heatmap pages'
 * screenshots, one after another): long enough for a first look over a page, short enough for a
 * study of a dozen pages to stay within a few minutes.
 */
export const REMOTE_SECONDS_PER_PAGE = 8;
/** The most answers one call stores: every question of a test, with room. */
export const REMOTE_ANSWERS_MAX = 200;
/** How long a participant may browse a live site (the bundled demo shop): a task of a few pages. */
export const REMOTE_SITE_SECONDS = 180;
/** The largest stream batch a browser sends (a lab's may be 64 MiB): some 100k gaze samples as JSON. */
export const REMOTE_BATCH_BODY_LIMIT = 4 * 1024 * 1024;

/**
 * What the completion redirect may name, filled (URL-encoded) when the session ends:
 * `{participant_id}` the panel's id of the participant, as the link was opened with (Prolific's
 * PROLIFIC_PID, a panel's RID); `{limbus_participant_id}` the participant's id in Limbus (its
 * real_id, `remote-<cohort>-<n>`).
 */
export const REMOTE_REDIRECT_PLACEHOLDERS = ['participant_id', 'limbus_participant_id'] as const;
export type RemoteRedirectPlaceholder = (typeof REMOTE_REDIRECT_PLACEHOLDERS)[number];

/** The participant's page of a cohort's link: `/p/{token}`. */
export const remoteStudyPath = (token: string) => `/p/${token}`;

/**
 * The streams a browser sends: webcam gaze, the mouse and facial expressions; EEG emotions come
 * from the lab only.
 */
export const REMOTE_STREAM_KINDS = ['eyes', 'mice', 'expressions'] as const;

export const REMOTE_COHORT_STATES = ['open', 'full', 'expired', 'revoked'] as const;
export type RemoteCohortState = (typeof REMOTE_COHORT_STATES)[number];

export const REMOTE_MESSAGES = {
  /** An unknown link token (404). */
  unknownLink: 'This study link is not known: check the address you were given.',
  full: 'This study is full: every place has been taken. Thank you for your interest.',
  expired: 'This study has closed: its link has expired.',
  revoked: 'This study was closed by its researchers.',
  /** An unknown or expired session credential (401). */
  sessionEnded: 'This session has expired: open the study link again to take part.',
  otherCredential: 'A study link or session opens only its own pages',
  noTerms: "Write the test's consent terms first: remote participants consent online, per stream and purpose",
  termsChanged: (version: number) =>
    `The consent terms changed (now version ${version}): read them again and give your consent to the new version`,
  externalIdNeeded:
    "This study's completion redirect sends your panel id back: open the study from your panel's link",
  externalIdTaken: 'This panel id has already taken part in this study',
  unknownPlaceholder: (name: string) =>
    `{${name}} is not a placeholder this link fills: use ${REMOTE_REDIRECT_PLACEHOLDERS.map((p) => `{${p}}`).join(' or ')}`,
  placeholderInHost: 'Placeholders may stand in the path or query of the redirect, not in its host',
  redirectScheme: 'The redirect must be an https:// address (http:// only for localhost)',
  redirectNotUrl: 'The redirect is not a whole address (https://…)',
  expiryPast: 'The expiry date must lie in the future',
  expiryTooFar: `The expiry date may lie at most ${REMOTE_COHORT_MAX_DAYS} days ahead`,
  expiryTwice: 'Give the expiry in days or as a date, not both',
  emotionsFromLab:
    'A browser session sends gaze (eyes), mouse (mice) and facial expressions (expressions): EEG emotions come from the lab only',
  /** A validation after the session's end (409). */
  sessionOver: 'This session has ended: it records nothing more',
  /** Answers from a participant who did not consent to their answers being stored (403). */
  answersNotConsented:
    'You did not agree to your answers being stored, so they are not saved. Thank you for taking part.',
  /** An answer to a question the study does not ask (400). */
  unknownQuestion: 'This question is not part of this study',
  /** Eye batches before a passed validation, on a cohort that does not take gaze without one (409). */
  gazeNeedsCalibration:
    'Gaze is recorded only after a passed calibration: calibrate again, or go on without gaze',
} as const;

// ── webcam gaze: calibration and validation (docs/remote-studies.md) ──

export const REMOTE_GAZE_FAILURES = ['continue_without_gaze', 'stop'] as const;
/** What follows a validation; the analytics' calibrationVerdict decides it. */
export const REMOTE_CALIBRATION_VERDICTS = ['passed', 'recalibrate', ...REMOTE_GAZE_FAILURES] as const;
export type RemoteCalibrationVerdict = (typeof REMOTE_CALIBRATION_VERDICTS)[number];

/** A cohort's gaze settings when it is opened without them (issue 30). */
export const REMOTE_GAZE_DEFAULTS = {
  threshold_deg: 4,
  max_recalibrations: 2,
  on_failure: 'continue_without_gaze',
  gaze_without_validation: false,
} as const;
export const REMOTE_GAZE_THRESHOLD_RANGE = { min: 0.5, max: 10 } as const;
export const REMOTE_MAX_RECALIBRATIONS = 5;
/** The first calibration and every recalibration a cohort may allow. */
export const REMOTE_VALIDATION_ATTEMPTS_MAX = REMOTE_MAX_RECALIBRATIONS + 1;
export const REMOTE_VALIDATION_TARGETS = { min: 3, max: 20 } as const;
export const REMOTE_VALIDATION_ESTIMATES_MAX = 300;

/**
 * How a cohort's webcam gaze is judged: validation accuracy below `threshold_deg` passes; a
 * failed validation is recalibrated up to `max_recalibrations` times, then the participant goes
 * on without gaze or stops (`on_failure`); `gaze_without_validation` takes gaze from a session
 * that never passed.
 */
export const remoteGazeSettingsSchema = z.object({
  threshold_deg: z.number(),
  max_recalibrations: z.number(),
  on_failure: z.enum(REMOTE_GAZE_FAILURES),
  gaze_without_validation: z.boolean(),
});
export type RemoteGazeSettings = z.infer<typeof remoteGazeSettingsSchema>;

const { min: thresholdMin, max: thresholdMax } = REMOTE_GAZE_THRESHOLD_RANGE;
const gazeSettingsBody = z.strictObject({
  threshold_deg: z
    .number({ error: `Give the accuracy threshold in degrees, ${thresholdMin} to ${thresholdMax}` })
    .min(thresholdMin, `The accuracy threshold must be ${thresholdMin}–${thresholdMax}°`)
    .max(thresholdMax, `The accuracy threshold must be ${thresholdMin}–${thresholdMax}°`)
    .default(REMOTE_GAZE_DEFAULTS.threshold_deg),
  max_recalibrations: z
    .number({ error: `Give the recalibrations allowed, 0 to ${REMOTE_MAX_RECALIBRATIONS}` })
    .int('Give a whole number of recalibrations')
    .min(0, `Recalibrations allowed: 0 to ${REMOTE_MAX_RECALIBRATIONS}`)
    .max(REMOTE_MAX_RECALIBRATIONS, `Recalibrations allowed: 0 to ${REMOTE_MAX_RECALIBRATIONS}`)
    .default(REMOTE_GAZE_DEFAULTS.max_recalibrations),
  on_failure: z
    .enum(REMOTE_GAZE_FAILURES, { error: `Choose ${REMOTE_GAZE_FAILURES.join(' or ')}` })
    .default(REMOTE_GAZE_DEFAULTS.on_failure),
  gaze_without_validation: z
    .boolean({ error: 'Send gaze_without_validation as true or false' })
    .default(REMOTE_GAZE_DEFAULTS.gaze_without_validation),
});

// ── the research area's cohorts ──

export const remoteCohortSchema = z.object({
  id: z.number(),
  test_id: z.number(),
  cap: z.number(),
  /** Participants the link has created so far. */
  participants: z.number(),
  /** Unix seconds. */
  expires_at: z.number(),
  redirect_url: z.string().nullable(),
  /** Who opened it (first and last name), null once that user is removed. */
  created_by: z.string().nullable(),
  created_at: z.number(),
  revoked_at: z.number().nullable(),
  state: z.enum(REMOTE_COHORT_STATES),
  /** How the cohort's participants' calibration is judged. */
  gaze: remoteGazeSettingsSchema,
});
export type RemoteCohort = z.infer<typeof remoteCohortSchema>;

const placeholdersIn = (template: string) => [...template.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1] ?? '');

/** Fills a redirect template; each value URL-encoded. */
export function fillRedirect(template: string, values: Record<RemoteRedirectPlaceholder, string>): string {
  return template.replace(/\{([a-z_]+)\}/g, (whole, name: string) =>
    name in values ? encodeURIComponent(values[name as RemoteRedirectPlaceholder]) : whole,
  );
}

/** Whether the template names `{participant_id}`: then a participant must bring their panel id. */
export const redirectNeedsExternalId = (template: string | null) =>
  template !== null && placeholdersIn(template).includes('participant_id');

function urlOrNull(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

/** The problem of a redirect template, or null: an absolute https URL, placeholders known and after the host. */
export function redirectProblem(template: string): string | null {
  const unknown = placeholdersIn(template).find(
    (name) => !(REMOTE_REDIRECT_PLACEHOLDERS as readonly string[]).includes(name),
  );
  if (unknown !== undefined) return REMOTE_MESSAGES.unknownPlaceholder(unknown);
  const filled = (value: string) =>
    urlOrNull(fillRedirect(template, { participant_id: value, limbus_participant_id: value }));
  const [one, other] = [filled('a1'), filled('b2')];
  if (!one || !other) return REMOTE_MESSAGES.redirectNotUrl;
  if (one.host !== other.host || one.username !== other.username) return REMOTE_MESSAGES.placeholderInHost;
  const isLocal = ['localhost', '127.0.0.1', '[::1]'].includes(one.hostname);
  if (!(one.protocol === 'https:' || (one.protocol === 'http:' && isLocal)))
    return REMOTE_MESSAGES.redirectScheme;
  return null;
}

export const createRemoteCohortBody = z.strictObject({
  remote_cohort: z
    .strictObject({
      cap: z
        .number({ error: 'Give the number of participants, 1 to 10000' })
        .int('Give a whole number of participants')
        .min(1, 'At least 1 participant')
        .max(REMOTE_COHORT_CAP_MAX, `At most ${REMOTE_COHORT_CAP_MAX} participants`),
      expires_in_days: z
        .union(
          REMOTE_COHORT_EXPIRY_DAYS.map((days) => z.literal(days)),
          { error: `Choose ${REMOTE_COHORT_EXPIRY_DAYS.join(', ')} days, or a date (expires_on)` },
        )
        .optional(),
      /** The last day the link works (UTC), YYYY-MM-DD; checked against today by the server. */
      expires_on: isoDate.optional(),
      redirect_url: requiredText(REMOTE_REDIRECT_MAX)
        .superRefine((template, context) => {
          const problem = redirectProblem(template);
          if (problem) context.addIssue({ code: 'custom', message: problem });
        })
        .optional(),
      /** REMOTE_GAZE_DEFAULTS for what is not given. */
      gaze: gazeSettingsBody.optional(),
    })
    .superRefine((cohort, context) => {
      if (cohort.expires_in_days !== undefined && cohort.expires_on !== undefined)
        context.addIssue({ code: 'custom', path: ['expires_on'], message: REMOTE_MESSAGES.expiryTwice });
    }),
});
export type NewRemoteCohort = z.output<typeof createRemoteCohortBody>['remote_cohort'];

/** The new cohort with its link's token and page, answered this once (only the token's hash is kept). */
export const createdRemoteCohortAnswer = z.object({
  data: remoteCohortSchema,
  token: z.string(),
  /** The participant's page, relative to the site: `/p/{token}`. */
  path: z.string(),
});
export const remoteCohortListAnswer = z.object({ data: z.array(remoteCohortSchema) });

// ── what the link and the session credential do ──

/** What a participant's browser needs to run the study: no result, no other participant. */
export const remoteStudySchema = z.object({
  test: z.object({
    name: z.string(),
    /** desktop and mobile: a website test; video: a video test. */
    kind: z.enum(PLATFORMS),
    /** The language the test is run in. */
    language: z.string(),
  }),
  /** The test's consent terms in force, which the participant consents to per stream and purpose. */
  consent_terms: z.object({
    version: z.number(),
    text: z.string(),
    streams: z.array(z.enum(CONSENT_STREAMS)),
    purposes: z.array(z.enum(CONSENT_PURPOSES)),
  }),
  /** Unix seconds: the link's end. */
  expires_at: z.number(),
  /** How the participant's calibration is judged. */
  gaze: remoteGazeSettingsSchema,
});
export type RemoteStudy = z.infer<typeof remoteStudySchema>;
export const remoteStudyAnswer = z.object({ data: remoteStudySchema });

const grantList = <T extends readonly [string, ...string[]]>(values: T, what: string) =>
  z
    .array(z.enum(values, { error: `Choose among ${values.join(', ')}` }))
    .max(values.length)
    .refine((list) => new Set(list).size === list.length, `Name each ${what} once`);

export const joinRemoteStudyBody = z.strictObject({
  /** The panel's id of the participant (Prolific's PROLIFIC_PID), as the link was opened with. */
  external_id: requiredText(REMOTE_EXTERNAL_ID_MAX).optional(),
  /** What the participant consented to, under the terms version the study showed. */
  consent: z.strictObject({
    version: z.number({ error: 'Must be a version number' }).int().positive().max(1_000_000),
    streams: grantList(CONSENT_STREAMS, 'stream'),
    purposes: grantList(CONSENT_PURPOSES, 'purpose'),
  }),
});
export type JoinRemoteStudyInput = z.infer<typeof joinRemoteStudyBody>;

/** The participant created, and its session credential: shown this once. */
export const joinedRemoteStudyAnswer = z.object({
  data: z.object({
    participant_id: z.number(),
    /** `Authorization: Session <token>` for the session's uploads and its end. */
    session_token: z.string(),
    /** Unix seconds. */
    session_expires_at: z.number(),
  }),
});

export const remoteBatchParams = z.strictObject({
  kind: z.enum(REMOTE_STREAM_KINDS, { error: REMOTE_MESSAGES.emotionsFromLab }),
  seq: z
    .string()
    .regex(/^(0|[1-9]\d{0,8})$/, 'Must be a whole number from 0')
    .transform(Number),
});

export const endRemoteSessionBody = finishParticipantBody.omit({ eeg_quality: true });
export const endedRemoteSessionAnswer = z.object({
  data: z.object({
    participant: finishParticipantAnswer,
    /** The panel's completion address with its placeholders filled, or null when the cohort has none. */
    redirect_url: z.string().nullable(),
  }),
});

const screenPosition = z.number({ error: 'Must be a number of px' }).min(-10_000).max(10_000);

/**
 * The participant's screen in CSS px, and when known its width in mm and the viewing distance:
 * the test setups' geometry without the height in mm, which square pixels give. The server
 * assumes 96 CSS px per inch and 600 mm for what is not sent.
 */
export const remoteGeometrySchema = screenGeometrySchema
  .pick({ width_px: true, height_px: true, width_mm: true, distance_mm: true })
  .partial({ width_mm: true, distance_mm: true });
export type RemoteGeometry = z.infer<typeof remoteGeometrySchema>;

const { min: targetsMin, max: targetsMax } = REMOTE_VALIDATION_TARGETS;
/** A validation: its points (px) and the gaze model's estimates while each was shown. */
export const remoteValidationBody = z.strictObject({
  /** 1 for the first calibration, then one more for each recalibration. */
  attempt: z
    .number({ error: 'Give the attempt number' })
    .int('Give a whole attempt number')
    .min(1, `The attempt is 1 to ${REMOTE_VALIDATION_ATTEMPTS_MAX}`)
    .max(REMOTE_VALIDATION_ATTEMPTS_MAX, `The attempt is 1 to ${REMOTE_VALIDATION_ATTEMPTS_MAX}`),
  geometry: remoteGeometrySchema,
  targets: z
    .array(
      z.strictObject({
        x: screenPosition,
        y: screenPosition,
        estimates: z
          .array(z.strictObject({ x: screenPosition, y: screenPosition }))
          .max(
            REMOTE_VALIDATION_ESTIMATES_MAX,
            `At most ${REMOTE_VALIDATION_ESTIMATES_MAX} estimates a target`,
          ),
      }),
    )
    .min(targetsMin, `A validation has ${targetsMin} to ${targetsMax} targets`)
    .max(targetsMax, `A validation has ${targetsMin} to ${targetsMax} targets`),
});
export type RemoteValidationInput = z.infer<typeof remoteValidationBody>;

/** The validation as the server measured it; null figures when no target had enough estimates. */
export const remoteValidationSchema = z.object({
  attempt: z.number(),
  accuracy_deg: z.number().nullable(),
  precision_deg: z.number().nullable(),
  accuracy_px: z.number().nullable(),
  precision_px: z.number().nullable(),
  /** Targets with enough estimates to be measured (at least 3). */
  targets_used: z.number(),
  verdict: z.enum(REMOTE_CALIBRATION_VERDICTS),
});
export type RemoteValidation = z.infer<typeof remoteValidationSchema>;
export const remoteValidationAnswer = z.object({ data: remoteValidationSchema });

// ── what the participant is shown and answers ──

/** One page of a website test as the participant is shown it: its screenshot, signed, and size in px. */
export const remotePageSchema = z.object({
  id: z.number(),
  name: z.string(),
  /**
   * The heatmap page's address: the participant's mouse stream names it while the page is shown,
   * so that the heatmaps find the visit as they find a lab participant's.
   */
  url: z.string(),
  screenshot_url: z.string(),
  /** The stored screenshot's size in px; null when its header could not be read. */
  width: z.number().nullable(),
  height: z.number().nullable(),
});

/**
 * What the participant watches: the video of a video test; the pages of a website test (its
 * heatmap pages with a screenshot, in their order), each shown `seconds_each`; or nothing when the
 * test has neither.
 */
export const remoteStimulusSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('video'),
    /** Signed as the test's video is for researchers. */
    video_url: z.string(),
    /** Seconds; null while the test does not store its video's length. */
    duration_s: z.number().nullable(),
  }),
  z.object({
    kind: z.literal('pages'),
    seconds_each: z.number(),
    pages: z.array(remotePageSchema),
  }),
  z.object({
    kind: z.literal('site'),
    /** Where the site starts on this origin (the bundled demo shop: under /demo-shop/). */
    start_url: z.string(),
    /** The site's own address, under which its pages are recorded as the test's pages name them. */
    origin: z.string(),
    /** The width (CSS px) the site is laid out at: the lab's screen, 1920, or a phone's 390. */
    width: z.number(),
    /** The time the participant may browse; they may end sooner. */
    seconds: z.number(),
    /** The test's scenario, the task the participant is given; null without one. */
    task: z.string().nullable(),
  }),
  z.object({ kind: z.literal('none') }),
]);
export type RemoteStimulus = z.infer<typeof remoteStimulusSchema>;

const remoteQuestionSchema = z.object({ id: z.number(), text: z.string() });
/** The test's questionnaire, as the participant answers it: questions only, no answers of anyone. */
export const remoteQuestionsSchema = z.object({
  associations: z.array(remoteQuestionSchema),
  /** Scale questions, answered 1 (`caption_low`) to 5 (`caption_high`). */
  evaluations: z.array(
    remoteQuestionSchema.extend({
      description: z.string(),
      caption_low: z.string(),
      caption_high: z.string(),
    }),
  ),
  open_questions: z.array(remoteQuestionSchema),
});
export type RemoteQuestions = z.infer<typeof remoteQuestionsSchema>;

export const remoteMaterialSchema = z.object({
  stimulus: remoteStimulusSchema,
  questions: remoteQuestionsSchema,
});
export type RemoteMaterial = z.infer<typeof remoteMaterialSchema>;
export const remoteMaterialAnswer = z.object({ data: remoteMaterialSchema });

/**
 * The participant's answers: text for open questions (and comments), a score 1–5 for scale
 * questions, `checked` for associations, with the research area's answer rules.
 */
export const remoteAnswersBody = z.strictObject({
  answers: z
    .array(
      z
        .strictObject({ question_id: idField, ...answerFields })
        .refine((answer) => Object.keys(answer).length > 1, 'Send the answer: text, score or checked'),
    )
    .min(1, 'Send at least one answer')
    .max(REMOTE_ANSWERS_MAX, `At most ${REMOTE_ANSWERS_MAX} answers a call`)
    .refine(
      (list) => new Set(list.map((answer) => answer.question_id)).size === list.length,
      'Answer each question once',
    ),
});
export type RemoteAnswersInput = z.infer<typeof remoteAnswersBody>;
export const remoteAnswersSavedAnswer = z.object({ data: z.object({ saved: z.number() }) });

/**
 * Where the session stands, for a browser that reloaded mid-way (docs/remote-studies.md
 * 'Resuming after a reload'): what the flow needs to go on (the study's name, kind, language and
 * gaze rule, the streams consented to), the latest validation's attempt and verdict, whether
 * answers were saved, the next batch number of each stream, and whether the session ended. Only
 * the session's own progress: no figure of its gaze, no answer, no result.
 */
export const remoteSessionProgressSchema = z.object({
  test: remoteStudySchema.shape.test,
  gaze: remoteGazeSettingsSchema,
  /** The streams the participant's consent in force grants. */
  streams: z.array(z.enum(CONSENT_STREAMS)),
  /** The session's latest validation (its attempt and verdict), or null before the first. */
  validation: z.object({ attempt: z.number(), verdict: z.enum(REMOTE_CALIBRATION_VERDICTS) }).nullable(),
  /** Whether the participant's answers were saved. */
  answered: z.boolean(),
  /** The number the next batch of each stream takes: one past the highest stored (0 before any). */
  next_seq: z.object({ eyes: z.number(), mice: z.number(), expressions: z.number() }),
  /** The number the spoken audio's next take takes: one past the highest stored (1 before any). */
  next_voice_take: z.number(),
  /** Whether the session ended (by the participant; an expired one answers 401). */
  ended: z.boolean(),
  /** Unix seconds: the session's end at the latest. */
  expires_at: z.number(),
});
export type RemoteSessionProgress = z.infer<typeof remoteSessionProgressSchema>;
export const remoteSessionProgressAnswer = z.object({ data: remoteSessionProgressSchema });

/** The research area's remote cohorts of a test. */
export const remoteCohortRoutes = defineRoutes('remoteCohorts', {
  create: {
    method: 'POST',
    path: '/tests/:id/remote_cohorts',
    access: 'researcher',
    summary:
      'Open a remote cohort on a test: its participant link (`/p/{token}`), cap, expiry and completion redirect; answers the token once',
    params: idParams,
    body: createRemoteCohortBody,
    responses: { 201: createdRemoteCohortAnswer },
    errors: [404, 409],
  },
  list: {
    method: 'GET',
    path: '/tests/:id/remote_cohorts',
    access: 'researcher',
    summary: "A test's remote cohorts: participants joined, cap, expiry, state",
    params: idParams,
    responses: { 200: remoteCohortListAnswer },
    errors: [404],
  },
  revoke: {
    method: 'DELETE',
    path: '/remote_cohorts/:id',
    access: 'researcher',
    summary: 'Close a remote cohort: its link creates no participant and its sessions upload nothing more',
    params: idParams,
    responses: { 204: null },
    errors: [404],
  },
});

const linkErrors = [401, 403, 404, 429] as const;

/** What a participant's browser calls with the link's token, then with its session's. */
export const remoteRoutes = defineRoutes('remote', {
  study: {
    method: 'GET',
    path: '/remote/study',
    access: 'remote_link',
    summary:
      "The study as the participant's browser runs it (Authorization: Remote <token>): test name, kind, language, consent terms",
    responses: { 200: remoteStudyAnswer },
    errors: linkErrors,
  },
  join: {
    method: 'POST',
    path: '/remote/participants',
    access: 'remote_link',
    summary:
      'Create one participant of the study with its consent, and its session credential (refused once the cap or the expiry is reached)',
    body: joinRemoteStudyBody,
    responses: { 201: joinedRemoteStudyAnswer },
    errors: [400, 409, ...linkErrors],
  },
  batch: {
    method: 'PUT',
    path: '/remote/session/streams/:kind/batches/:seq',
    access: 'remote_session',
    summary:
      "Store batch number seq of the session's participant's gaze or mouse stream (Authorization: Session <token>), as the ingestion API does",
    params: remoteBatchParams,
    responses: { 200: ingestBatchAnswer },
    errors: [401, 403, 409, 413, 415],
  },
  validation: {
    method: 'POST',
    path: '/remote/session/validations',
    access: 'remote_session',
    summary:
      "A validation of the session's calibration: the server measures its accuracy and precision and answers what follows (passed, recalibrate, continue_without_gaze, stop)",
    description: 'Gaze batches are taken once a validation passed, unless the cohort takes gaze without one.',
    body: remoteValidationBody,
    responses: { 201: remoteValidationAnswer },
    errors: [401, 403, 409],
  },
  material: {
    method: 'GET',
    path: '/remote/session/material',
    access: 'remote_session',
    summary:
      "What the session's participant is shown and asked: the test's video or its pages' screenshots (signed), and its questionnaire",
    responses: { 200: remoteMaterialAnswer },
    errors: [401, 403],
  },
  progress: {
    method: 'GET',
    path: '/remote/session/progress',
    access: 'remote_session',
    summary:
      "Where the session stands, for a browser that reloaded: the study's name, kind, language and gaze rule, the streams consented to, the latest validation's verdict, whether answers were saved, the next batch numbers, whether it ended",
    description: "Read only; the session's own progress, no figure, answer or result.",
    responses: { 200: remoteSessionProgressAnswer },
    errors: [401, 403],
  },
  answers: {
    method: 'PUT',
    path: '/remote/session/answers',
    access: 'remote_session',
    summary:
      "Store the session's participant's answers to the test's questions: each created, or replaced when it exists (a retry changes nothing); all or none",
    body: remoteAnswersBody,
    responses: { 200: remoteAnswersSavedAnswer },
    errors: [401, 403, 409],
  },
  end: {
    method: 'POST',
    path: '/remote/session/end',
    access: 'remote_session',
    summary:
      "End the session: the participant's batches are merged and analysed, and the completion redirect answered with its placeholders filled",
    body: endRemoteSessionBody,
    responses: { 200: endedRemoteSessionAnswer },
    errors: [401, 403],
  },
});
