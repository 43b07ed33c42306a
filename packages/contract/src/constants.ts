/** Shared business constants and display names (spec 1 §3, §9; spec 2 §9). */

export const ROLES = ['admin', 'company_admin', 'company_member', 'demo'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_NAMES: Record<Role, string> = {
  company_admin: 'Admin',
  company_member: 'Member',
  admin: 'Super Admin',
  demo: 'Demo User',
};

/** Roles a company admin may hand out to the members of its own company. */
export const MEMBER_ROLES = ['company_admin', 'company_member'] as const satisfies readonly Role[];

export const TEST_TYPES = ['essential', 'professional'] as const;
export type TestType = (typeof TEST_TYPES)[number];
export const TEST_TYPE_NAMES: Record<TestType, string> = {
  essential: 'Essential',
  professional: 'Professional',
};

export const PLATFORMS = ['desktop', 'mobile', 'video'] as const;
export type Platform = (typeof PLATFORMS)[number];

export const TEST_STATES = ['draft', 'requested', 'in-progress', 'done'] as const;
export type TestState = (typeof TEST_STATES)[number];

export const TARGET_GROUPS = ['default', 'custom'] as const;

export const MIN_PASSWORD_LENGTH = 6;
export const RECENT_TESTS_ON_HOME = 4;
export const CONTRACT_LENGTH_OPTIONS = [
  { months: 1, label: '1 month' },
  { months: 3, label: '3 months' },
  { months: 6, label: '6 months' },
  { months: 12, label: '1 year' },
  { months: 24, label: '2 years' },
] as const;
export const DEFAULT_BUNDLE_AMOUNT = 1;
export const DEFAULT_BUNDLE_TYPE: TestType = 'professional';
export const COMPANY_DELETE_REFRESH_MS = 1000;
export const TOKEN_WAIT_INTERVAL_MS = 100;
export const ADMIN_PAGE_SIZE = 10;
export const TOOLTIP = { offset: 10, openDelay: 100, closeDelay: 300, position: 'top' } as const;

/**
 * Calendar dates of the API (dayjs tokens). Screens show every date one way, with the web app's
 * formatDate (docs/decisions/formats.md 'Formats'), not in the spec's DD-MM-YY, DD/MM/YY and DD-MM-YYYY.
 */
export const DATE_FORMATS = { api: 'YYYY-MM-DD' } as const;

export const MESSAGES = {
  required: 'This field is required',
  invalidEmail: 'This is not a valid email',
  passwordTooShort: 'Six characters are required',
  passwordMismatch: 'The password confirmation does not match.',
  resetSent: 'An email has been sent! You can use the link to create a new password.',
  activated: "You've now activated your account, go ahead and sign in",
  linkExpired: 'The email link has expired!',
  signupSent: 'We have sent you a validation e-mail. Open the link in it to activate your account.',
  invalidCredentials: 'The e-mail or password is incorrect.',
  noActiveContract: 'Your company has no active contract. Please contact your account manager to renew it.',
  companyNameTaken: 'This company name has already been taken. Please try another company name.',
  adminTaken: 'This admin (user) is already member to another company. Please try another user.',
  confirmRemoveUser: 'Are you sure you want to remove this user?',
  confirmRemoveCompany: 'Are you sure you want to remove this company?',
  confirmRemoveBundle: 'Are you sure you want to remove this bundle?',
  error500: 'Error 500! Oh no. There has been an error...',
} as const;

/** Recorded data (spec 2 §3, spec 3 §3). */
export const PARTICIPANT_TYPES = ['default', 'video_heatmap'] as const;
export type ParticipantType = (typeof PARTICIPANT_TYPES)[number];
/** Where a participant was recorded: in the lab, or in their own browser by webcam (remote studies). */
export const PARTICIPANT_SOURCES = ['lab', 'webcam'] as const;
export type ParticipantSource = (typeof PARTICIPANT_SOURCES)[number];
/**
 * Which participants a results screen counts: everyone, the lab's, or the remote ones (source
 * webcam). `all` when the query leaves it out.
 */
export const COHORTS = ['all', 'lab', 'remote'] as const;
export type Cohort = (typeof COHORTS)[number];
/** The source of the participants of a cohort other than `all`. */
export const COHORT_SOURCE: Record<Exclude<Cohort, 'all'>, ParticipantSource> = {
  lab: 'lab',
  remote: 'webcam',
};
/** `recording` while a recorder is still uploading; the screens show finished participants. */
export const PARTICIPANT_STATES = ['recording', 'finished'] as const;
export type ParticipantState = (typeof PARTICIPANT_STATES)[number];
/** The EEG emotions of samples and significant points. */
export const EMOTIONS = ['joy', 'attention', 'frustration'] as const;
export type Emotion = (typeof EMOTIONS)[number];
/** How the emotions are named on screens. */
export const EMOTION_NAMES: Record<Emotion, string> = {
  joy: 'Joy',
  attention: 'Attention',
  frustration: 'Frustration',
};
/** Moments of a video test also mark spread (of gaze) and fluency. */
export const MOMENT_KINDS = ['joy', 'attention', 'frustration', 'spread', 'fluency'] as const;
export type MomentKind = (typeof MOMENT_KINDS)[number];
/** The gaze metrics of a processed video test, each a series over the video (spec 3 §3). */
export const VIDEO_SERIES_KINDS = ['spread', 'fluency'] as const;
export type VideoSeriesKind = (typeof VIDEO_SERIES_KINDS)[number];
/**
 * The sample streams of a participant, each stored as one file. Expressions are a webcam
 * participant's facial expressions (scores of a classifier on its own device), never EEG emotions.
 */
export const STREAM_KINDS = ['emotions', 'eyes', 'mice', 'expressions'] as const;
export type StreamKindName = (typeof STREAM_KINDS)[number];
/** The streams each source can record at all: the lab has no face classifier, a webcam no EEG. */
export const STREAMS_OF_SOURCE: Record<ParticipantSource, readonly StreamKindName[]> = {
  lab: ['emotions', 'eyes', 'mice'],
  webcam: ['eyes', 'mice', 'expressions'],
};
/** How a page title (label) matches URLs. */
export const LABEL_MATCH_TYPES = ['exact', 'starts_with'] as const;
export type LabelMatchType = (typeof LABEL_MATCH_TYPES)[number];
/** What `?associations=` of the participant call may ask for. */
export const PARTICIPANT_ASSOCIATIONS = [
  'emotions',
  'mice',
  'eyes',
  'sections',
  'significant_points',
  'open_questions',
  'evaluations',
  'associations',
] as const;
export type ParticipantAssociation = (typeof PARTICIPANT_ASSOCIATIONS)[number];
/** Media type of the compact columnar stream form (docs/recorded-data.md). */
export const STREAM_MEDIA_TYPE = 'application/vnd.limbus.stream';

/** Paid add-ons a test may be ordered with (spec 2 §2, §9); their prices are in ADDONS. */
export const ADDON_KEYS = ['tagon', 'individual_participant'] as const;
export type AddonKey = (typeof ADDON_KEYS)[number];
