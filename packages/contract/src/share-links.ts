import { z } from 'zod';
import { EMOTIONS } from './constants.js';
import { reelVideoQuery } from './evidence-reels.js';
import {
  cohortQuery,
  idField,
  idParam,
  idParams,
  optionalText,
  signedUrlQuery,
  videoFileAnswer,
} from './fields.js';
import { heatmapPointsAnswer } from './heatmaps.js';
import { insightSchema } from './insights.js';
import { PARTICIPANT_LEFT_OUT } from './participant-label.js';
import { defineRoutes } from './route.js';

/**
 * Share links (issue 29; docs/decisions/share-links.md): a done test's read-only results, or one of
 * its insights, for people without an account. The link's token is its own credential
 * (`Authorization: Share <token>`), which opens only the visitor's routes below (`/shared…`).
 */

/**
 * What a link shows: a done test's results, one insight, or the published evidence reel of one
 * insight. An insight link and a reel link both name their insight (`insight_id`): a reel is one
 * per insight, so the insight names it.
 */
export const SHARE_LINK_SCOPES = ['test', 'insight', 'reel'] as const;
export type ShareLinkScope = (typeof SHARE_LINK_SCOPES)[number];

export const SHARE_LINK_EXPIRY_DAYS = [1, 7, 30, 90] as const;
export type ShareLinkExpiryDays = (typeof SHARE_LINK_EXPIRY_DAYS)[number];
export const SHARE_LINK_DEFAULT_EXPIRY_DAYS = 30 satisfies ShareLinkExpiryDays;
/** How long an unlocked password-protected link stays open in one browser. */
export const SHARE_UNLOCK_HOURS = 24;
export const SHARE_LINK_PASSWORD_MIN = 6;
export const SHARE_LINK_PASSWORD_MAX = 200;
/** The visitor's page of a link: `/s/{token}`. */
export const shareLinkPath = (token: string) => `/s/${token}`;
/** The header a password-protected link's unlock travels in, beside `Authorization: Share <token>`. */
export const SHARE_UNLOCK_HEADER = 'x-share-unlock';

export const SHARE_LINK_STATES = ['active', 'expired', 'revoked'] as const;
export type ShareLinkState = (typeof SHARE_LINK_STATES)[number];

export const SHARE_LINK_MESSAGES = {
  /** One answer for an expired, a revoked and an unknown link, so that none tells which. */
  gone: 'This link has expired or was revoked: ask the person who shared it.',
  locked: 'This link is protected by a password: enter it to open the link',
  wrongPassword: 'The password is not right',
  noPassword: 'This link has no password to enter',
  notDone: 'Only the results of a done test can be shared',
  outOfScope: 'This link does not share that',
  otherCredential: 'A share link opens only its own pages',
  withheld: (what: string) =>
    `${what} are not shown by a share link while a participant of this test has not consented to the client's report`,
  insightScope: 'Choose the insight to share (insight_id)',
  testScope: 'A link to the whole test names no insight',
  reelScope: 'Choose the insight whose evidence reel to share (insight_id)',
  /** Creating a reel link for an insight whose reel clients do not see (409). */
  noPublishedReel:
    'This insight has no published evidence reel to share: render the reel and publish it to the client first',
  /** A reel link's reel that clients no longer see (unpublished, or a participant in it withdrew). */
  reelNotShown: 'The evidence reel of this link is not shown any more: ask the person who shared it.',
  professionalInsight: (assignedId: number) =>
    `Insight ${assignedId} is one of the extra consultant findings of Professional tests: a link cannot share it`,
  /** How a link's texts name a participant it leaves out (no consent to the report). */
  leftOutParticipant: PARTICIPANT_LEFT_OUT,
} as const;

// ── links, as their company sees them ──

export const shareLinkSchema = z.object({
  id: z.number(),
  test: z.object({ id: z.number(), name: z.string() }),
  scope: z.enum(SHARE_LINK_SCOPES),
  /** The insight of an insight link, or the insight whose reel a reel link shares. */
  insight: z.object({ id: z.number(), assigned_id: z.number(), title: z.string() }).nullable(),
  /** Unix seconds. */
  expires_at: z.number(),
  has_password: z.boolean(),
  allow_recordings: z.boolean(),
  /** Who made it (first and last name), null once that user is removed. */
  created_by: z.string().nullable(),
  created_at: z.number(),
  views: z.number(),
  last_viewed_at: z.number().nullable(),
  revoked_at: z.number().nullable(),
  state: z.enum(SHARE_LINK_STATES),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;

export const createShareLinkBody = z.strictObject({
  share_link: z
    .strictObject({
      scope: z.enum(SHARE_LINK_SCOPES, { error: `Choose ${SHARE_LINK_SCOPES.join(' or ')}` }),
      insight_id: idField.optional(),
      expires_in_days: z
        .union(
          SHARE_LINK_EXPIRY_DAYS.map((days) => z.literal(days)),
          { error: `Choose ${SHARE_LINK_EXPIRY_DAYS.join(', ')} days` },
        )
        .default(SHARE_LINK_DEFAULT_EXPIRY_DAYS),
      password: optionalText(SHARE_LINK_PASSWORD_MAX)
        .refine(
          (password) => password === '' || password.length >= SHARE_LINK_PASSWORD_MIN,
          `Use at least ${SHARE_LINK_PASSWORD_MIN} characters, or no password`,
        )
        .optional(),
      allow_recordings: z.boolean().default(false),
    })
    .superRefine((link, context) => {
      if (link.scope === 'insight' && link.insight_id === undefined)
        context.addIssue({ code: 'custom', path: ['insight_id'], message: SHARE_LINK_MESSAGES.insightScope });
      if (link.scope === 'reel' && link.insight_id === undefined)
        context.addIssue({ code: 'custom', path: ['insight_id'], message: SHARE_LINK_MESSAGES.reelScope });
      if (link.scope === 'test' && link.insight_id !== undefined)
        context.addIssue({ code: 'custom', path: ['insight_id'], message: SHARE_LINK_MESSAGES.testScope });
    }),
});
export type NewShareLink = z.output<typeof createShareLinkBody>['share_link'];
/** A link as a form sends it (expiry and recordings may be left to their defaults). */
export type ShareLinkInput = z.input<typeof createShareLinkBody>['share_link'];

/** The new link with its token, which is answered this once and never again (only its hash is kept). */
export const createdShareLinkAnswer = z.object({
  data: shareLinkSchema,
  token: z.string(),
  /** The visitor's page, relative to the site: `/s/{token}`. */
  path: z.string(),
});
export const shareLinkListAnswer = z.object({ data: z.array(shareLinkSchema) });

// ── what a visitor reads ──

/** The light shell of `/s/{token}`: whose link, about what, until when; the test's name once unlocked. */
export const sharedLinkSchema = z.object({
  company: z.string(),
  /** Null while the link waits for its password. */
  test: z
    .object({
      name: z.string(),
      test_type: z.enum(['essential', 'professional']),
      /** The participants a test link shows, per cohort (lab, remote webcam); null for other links. */
      cohorts: z.object({ lab: z.number(), remote: z.number() }).nullable(),
    })
    .nullable(),
  scope: z.enum(SHARE_LINK_SCOPES),
  /** The insight's number of an insight link (or of a reel link's insight), once unlocked. */
  insight_assigned_id: z.number().nullable(),
  shared_by: z.string().nullable(),
  expires_at: z.number(),
  has_password: z.boolean(),
  locked: z.boolean(),
  allow_recordings: z.boolean(),
});
export type SharedLink = z.infer<typeof sharedLinkSchema>;
export const sharedLinkAnswer = z.object({ data: sharedLinkSchema });

export const unlockSharedLinkBody = z.strictObject({
  password: z
    .string({ error: 'Enter the password' })
    .min(1, 'Enter the password')
    .max(SHARE_LINK_PASSWORD_MAX),
});
/** Sent back in the `X-Share-Unlock` header; valid for this link until `expires_at`. */
export const unlockSharedLinkAnswer = z.object({ unlock_token: z.string(), expires_at: z.number() });

/** A significant point as a link shows it: its participant by pseudonym (P01, P02…), no ids. */
export const sharedPointSchema = z.object({
  emotion: z.enum(EMOTIONS),
  comment: z.string(),
  translation: z.string(),
  tags: z.array(z.string()),
  participant: z.string(),
});
export type SharedPoint = z.infer<typeof sharedPointSchema>;

/** An insight's texts as the research area has them; ids, points and media are the link's own. */
export const sharedInsightSchema = insightSchema
  .pick({
    assigned_id: true,
    title: true,
    behavior_comment: true,
    eeg_comment: true,
    eye_tracking_comment: true,
    touch_tracking_comment: true,
    explanation: true,
    summary: true,
    suggestion: true,
    focus_point: true,
  })
  .extend({
    /** Signed URL of the highlight image (expiring no later than the link), or null. */
    highlight_url: z.string().nullable(),
    significant_points: z.array(sharedPointSchema),
    /** How many participants the shown points come from. */
    participants: z.number(),
    /**
     * The highlighted moment in its participant's screen recording, when the link lets recordings be
     * played and that participant consented to show it: a signed URL (expiring no later than the
     * link) and the clip's seconds in it.
     */
    clip: z.object({ video: z.string(), start: z.number(), end: z.number() }).nullable(),
  });
export type SharedInsight = z.infer<typeof sharedInsightSchema>;

export const sharedOverviewSchema = z.object({
  name: z.string(),
  test_type: z.enum(['essential', 'professional']),
  platform: z.string(),
  scenario: z.string(),
  /** Unix seconds, null while unknown. */
  started_at: z.number().nullable(),
  ended_at: z.number().nullable(),
  /** Participants the link shows (of the cohort asked for). */
  participants: z.number(),
  /** Participants left out: no consent to the client's report. */
  left_out: z.number(),
  /** Mean time to complete in seconds, of the participants shown; null without any. */
  average_seconds: z.number().nullable(),
  insights: z.number(),
});
export type SharedOverview = z.infer<typeof sharedOverviewSchema>;

const interval = z.object({ lower: z.number(), upper: z.number() }).nullable();
export const sharedPageSchema = z.object({
  name: z.string(),
  total_participants: z.number(),
  average_time: z.number(),
  joy: z.number().nullable(),
  attention: z.number().nullable(),
  frustration: z.number().nullable(),
  /** Participants the emotion means are over (n); null for metrics stored before it was kept. */
  emotion_participants: z.number().nullable(),
  intervals: z.object({ joy: interval, attention: interval, frustration: interval }),
  /** Significant points (peaks) of each emotion on the page. */
  peaks: z.object({ joy: z.number(), attention: z.number(), frustration: z.number() }),
});
export type SharedPage = z.infer<typeof sharedPageSchema>;

export const sharedTagSchema = z.object({
  name: z.string(),
  description: z.string(),
  /** Points of the tag, and the participants they come from. */
  count: z.number(),
  participants: z.number(),
});
export type SharedTag = z.infer<typeof sharedTagSchema>;

export const sharedHeatmapSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** Signed URL of the page's screenshot (expiring no later than the link), or null. */
  screenshot: z.string().nullable(),
  screenshot_width: z.number().nullable(),
  screenshot_height: z.number().nullable(),
});
export type SharedHeatmap = z.infer<typeof sharedHeatmapSchema>;

/**
 * The published evidence reel of a reel link's insight, as clients see it: the MP4 (a signed URL
 * expiring no later than the link) and who is in it, counted as the reel's badge counts them.
 */
export const sharedReelSchema = z.object({
  insight_assigned_id: z.number(),
  insight_title: z.string(),
  /** 'n of N participants': the insight's participants (n) among those the link's test shows (N). */
  participants: z.number(),
  total_participants: z.number(),
  /** Participants of the insight left out of the reel: no consent to show their screen recording. */
  left_out: z.number(),
  /** Clips in the file. */
  clips: z.number(),
  /** The MP4 (Range requests seek); a link's visitor may download it. */
  video: z.string(),
});
export type SharedReel = z.infer<typeof sharedReelSchema>;
export const sharedReelAnswer = z.object({ data: sharedReelSchema });

const shareErrors = [401, 404] as const;

/** A company's links: made by its users from a done test, listed and revoked by its admins. */
export const shareLinkRoutes = defineRoutes('shareLinks', {
  create: {
    method: 'POST',
    path: '/tests/:id/share_links',
    access: 'user',
    summary:
      "Share a done test's results, one insight or its published evidence reel by link (not demo users); answers the token once",
    params: idParams,
    body: createShareLinkBody,
    responses: { 201: createdShareLinkAnswer },
    errors: [403, 404],
  },
  list: {
    method: 'GET',
    path: '/companies/:id/share_links',
    access: 'user',
    summary: "A company's share links with their views and state (its admins and staff)",
    params: idParams,
    responses: { 200: shareLinkListAnswer },
    errors: [403, 404],
  },
  revoke: {
    method: 'DELETE',
    path: '/share_links/:id',
    access: 'user',
    summary: 'Revoke a share link: its next request is refused (the link stays listed as revoked)',
    params: idParams,
    responses: { 204: null },
    errors: [403, 404],
  },
});

/** What a visitor with a link's token reads (`Authorization: Share <token>`); nothing else answers them. */
export const sharedRoutes = defineRoutes('shared', {
  get: {
    method: 'GET',
    path: '/shared',
    access: 'share',
    summary:
      "The link's shell: company, test, who shared it, until when, and whether it waits for its password",
    responses: { 200: sharedLinkAnswer },
    errors: shareErrors,
  },
  unlock: {
    method: 'POST',
    path: '/shared/unlock',
    access: 'share',
    summary: 'Open a password-protected link for 24 hours (rate-limited as sign-in)',
    body: unlockSharedLinkBody,
    responses: { 200: unlockSharedLinkAnswer },
    errors: [400, 401, 404, 409, 429],
  },
  overview: {
    method: 'GET',
    path: '/shared/overview',
    access: 'share',
    query: cohortQuery,
    summary: "The shared test's overview; `cohort` lab or remote counts that cohort's participants only",
    responses: { 200: z.object({ data: sharedOverviewSchema }) },
    errors: shareErrors,
  },
  insights: {
    method: 'GET',
    path: '/shared/insights',
    access: 'share',
    summary: "The shared test's insights, participants by pseudonym",
    responses: { 200: z.object({ data: z.array(sharedInsightSchema) }) },
    errors: shareErrors,
  },
  insight: {
    method: 'GET',
    path: '/shared/insights/:number',
    access: 'share',
    summary: 'One insight of the shared test (or the insight of an insight link), by its number',
    params: z.strictObject({ number: idParam }),
    responses: { 200: z.object({ data: sharedInsightSchema }) },
    errors: [403, ...shareErrors],
  },
  pages: {
    method: 'GET',
    path: '/shared/pages',
    access: 'share',
    query: cohortQuery,
    summary:
      "The shared test's pages with their metrics (Professional tests); `cohort` lab or remote: that cohort's",
    responses: { 200: z.object({ data: z.array(sharedPageSchema) }) },
    errors: [403, 409, ...shareErrors],
  },
  tags: {
    method: 'GET',
    path: '/shared/tags',
    access: 'share',
    query: cohortQuery,
    summary:
      "The shared test's tags with their counts (Professional tests); `cohort` lab or remote: that cohort's",
    responses: { 200: z.object({ data: z.array(sharedTagSchema) }) },
    errors: [403, 409, ...shareErrors],
  },
  clip: {
    method: 'GET',
    path: '/shared/links/:link/insights/:number/video',
    access: 'signed',
    summary:
      "The screen recording of an insight's highlighted moment, by the signed URL of the insight's `clip` (Range requests seek); refused once the link is revoked",
    params: z.strictObject({ link: idParam, number: idParam }),
    query: signedUrlQuery,
    responses: { 200: videoFileAnswer, 206: videoFileAnswer },
    errors: [404, 416],
  },
  reel: {
    method: 'GET',
    path: '/shared/reel',
    access: 'share',
    summary:
      "The published evidence reel of a reel link's insight: its title, who is in it and the MP4's signed URL",
    responses: { 200: sharedReelAnswer },
    errors: shareErrors,
  },
  reelVideo: {
    method: 'GET',
    path: '/shared/links/:link/reel/video',
    access: 'signed',
    summary:
      "A reel link's MP4, by the signed URL of `/shared/reel` (Range requests seek); refused once the link is revoked or expired, or the reel is no longer shown to clients",
    params: z.strictObject({ link: idParam }),
    query: reelVideoQuery,
    responses: { 200: videoFileAnswer, 206: videoFileAnswer },
    errors: [404, 416],
  },
  heatmaps: {
    method: 'GET',
    path: '/shared/heatmaps',
    access: 'share',
    summary: "The shared test's heatmap pages with their screenshots",
    responses: { 200: z.object({ data: z.array(sharedHeatmapSchema) }) },
    errors: [409, ...shareErrors],
  },
  heatmapPoints: {
    method: 'GET',
    path: '/shared/heatmaps/:hid/points',
    access: 'share',
    query: cohortQuery,
    summary:
      "The gaze on one heatmap page of the shared test, over the participants the link shows (binned as the users' points); `cohort` lab or remote: that cohort's only",
    params: z.strictObject({ hid: idParam }),
    responses: { 200: heatmapPointsAnswer },
    errors: [409, ...shareErrors],
  },
});
