import { z } from 'zod';
import { answerSchema } from './answers.js';
import {
  ADDON_KEYS,
  type AddonKey,
  MESSAGES,
  PARTICIPANT_TYPES,
  PLATFORMS,
  TARGET_GROUPS,
  TEST_STATES,
  TEST_TYPE_NAMES,
  type TestType,
} from './constants.js';
import { testTypeSchema } from './contracts.js';
import { idParams, signedUrlQuery, videoFileAnswer } from './fields.js';
import { heatmapPageSchema } from './heatmaps.js';
import { defineRoutes } from './route.js';
import { testFilesAnswer } from './test-files.js';
import { type TestWrite, testWriteBody } from './test-write.js';

/** What a test is busy with besides its state: `video_processing` while process_video_test runs. */
export const TEST_INTERNAL_STATES = ['video_processing'] as const;

/** Add-ons of a test with their prices (spec 2 §2, §9). */
export const ADDONS: ReadonlyArray<{ key: AddonKey; label: string; price: number; description: string }> = [
  { key: 'tagon', label: 'Tagon', price: 2500, description: 'Tagging of the feedback points' },
  {
    key: 'individual_participant',
    label: 'Individual participant data',
    price: 900,
    description: '10 participant videos',
  },
];

/** Slots of the ordering form and the setup editor (spec 2 §9); the server refuses more. */
export const TEST_SLOTS = { associations: 5, open_questions: 3, focus_elements: 3 } as const;
/** Scale questions have no slot count in the spec; a ceiling so that a form cannot grow without end. */
export const MAX_EVALUATIONS = 10;
/** Largest test video the server accepts (POST/PATCH /tests multipart `test[video]`). */
export const MAX_TEST_VIDEO_BYTES = 2 * 1024 ** 3;
/** Containers a test video may have (spec 2 §5); the server checks the content, not the file name. */
export const TEST_VIDEO_FORMATS = ['MKV', 'MP4', 'MOV'] as const;
export const TEST_VIDEO_ACCEPT = 'video/mp4,video/quicktime,video/x-matroska,.mp4,.mov,.mkv';

const typeName = (type: TestType) => TEST_TYPE_NAMES[type];

/** Messages of the ordering form and of the answers of POST/PATCH/DELETE /tests. */
export const TEST_MESSAGES = {
  /** Banner title when no credit of the type is left. */
  outOfTestsTitle: (type: TestType) => `0 remaining ${typeName(type)} tests`,
  /** Banner text, and the message of the 409 answer to a request without credits. */
  outOfTests: (type: TestType) =>
    `You have run out of ${typeName(type)} tests. You can Save this ${typeName(type)} test as a draft and one of our team members will get in touch with you for the next steps.`,
  success:
    'Congratulations! You have successfully submitted a new test. You will be contacted shortly by our team!',
  confirmRemove: 'Are you sure you want to remove this test?',
  onlyDraftEditable:
    'This test has been requested and can no longer be changed. Contact our team for changes.',
  onlyDraftDeletable: 'Only a draft can be deleted. Contact our team to remove a requested test.',
  staffOnlyField: 'Only our research team can change this field',
  clientStates: 'Save the test as a draft or request it',
  demoCannotOrder: 'Demo users cannot order tests',
  otherCompany: 'You can only order tests for your own company',
  focusRequired: 'Add an area of focus',
  customTargetRequired: 'Describe the target group',
  notAVideo: 'This file is not a video we can use. Upload an MKV, MP4 or MOV video.',
  videoTooLarge: 'The video is too large: at most 2 GB',
  videoOnlyForVideoTests: 'Only a video test has a video',
  tooManyAssociations: `At most ${TEST_SLOTS.associations} associations`,
  tooManyOpenQuestions: `At most ${TEST_SLOTS.open_questions} open questions`,
  tooManyFocusElements: `At most ${TEST_SLOTS.focus_elements} areas of focus`,
  tooManyEvaluations: `At most ${MAX_EVALUATIONS} scale questions`,
  unknownQuestion: 'This question does not belong to the test',
  unknownUser: 'There is no such user',
  requesterCompany: 'The requester must be a user of the test’s company',
  researcherStaff: 'The researcher must be a member of a company with the analysis licence',
  unknownCategory: 'There is no such category',
  unknownFlow: 'There is no such flow',
  unknownCompany: 'There is no such company',
} as const;

const userRefSchema = z.object({
  email: z.string(),
  profile: z.object({ first_name: z.string(), last_name: z.string() }),
});

/** The list form of a test (home cards, test picker, the tests and research lists). */
export const testSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  test_type: testTypeSchema,
  platform: z.enum(PLATFORMS),
  state: z.enum(TEST_STATES),
  internal_state: z.enum(TEST_INTERNAL_STATES).nullable(),
  company_id: z.number(),
  company: z.object({ id: z.number(), name: z.string(), licence_analysis: z.boolean() }),
  requester_id: z.number().nullable(),
  /** Who ordered the test; null when unknown (or the user was removed). */
  requester: userRefSchema.nullable(),
  researcher_id: z.number().nullable(),
  /** Unix seconds. */
  updated_at: z.number(),
  created_at: z.number(),
});
export type TestSummary = z.infer<typeof testSummarySchema>;
export const testListAnswer = z.array(testSummarySchema);
export const testListQuery = z.strictObject({
  homepage: z.enum(['0', '1', 'true', 'false']).optional(),
});

/** An open question or an association; `default` marks the ones every test of its kind starts with. */
export const testQuestionSchema = z.object({
  id: z.number(),
  text: z.string(),
  default: z.boolean(),
  answers: z.array(answerSchema),
});
export type TestQuestion = z.infer<typeof testQuestionSchema>;

/** A scale question ("evaluation"): answered 1 to 5 between `caption_low` (1) and `caption_high` (5). */
export const testEvaluationSchema = testQuestionSchema.extend({
  description: z.string(),
  caption_low: z.string(),
  caption_high: z.string(),
});
export type TestEvaluation = z.infer<typeof testEvaluationSchema>;

/** The finished participants of a test, in the small form of GET /tests/{id}. */
export const testParticipantRefSchema = z.object({
  id: z.number(),
  real_id: z.string(),
  type: z.enum(PARTICIPANT_TYPES),
  /** Unix seconds; null while unknown. */
  started_at: z.number().nullable(),
  ended_at: z.number().nullable(),
});

/** The whole Test entity (spec 2 §3): GET /tests/{id} and the answer of POST and PATCH /tests. */
export const testDetailSchema = testSummarySchema.extend({
  purpose: z.string(),
  /** The language the test is run in (spec: default English). */
  translation: z.string(),
  focus_elements: z.array(z.string()),
  scenario: z.string(),
  /** Start URL (web tests). */
  url: z.string(),
  /** Where the participant's task ends (the form's "end point"). */
  stop_moment: z.string(),
  target_group: z.enum(TARGET_GROUPS),
  custom_target: z.string(),
  category_id: z.number().nullable(),
  flow_id: z.number().nullable(),
  brand_name: z.string(),
  comments: z.string(),
  /** Free text, hint YYYY-MM-DD, not checked (spec 2 §2). */
  delivery_date: z.string(),
  external_app: z.boolean(),
  minimum_participants_for_metrics: z.number(),
  translation_language: z.string(),
  /** Signed URL of the test's video (video tests), or null while none was uploaded. */
  video: z.string().nullable(),
  associations: z.array(testQuestionSchema),
  open_questions: z.array(testQuestionSchema),
  /** Scale questions (1 to 5). */
  evaluations: z.array(testEvaluationSchema),
  /** Preferred deadline, free text. */
  timing: z.string(),
  addons: z.array(z.enum(ADDON_KEYS)),
  /** Unix seconds; null until the test runs / ends. */
  started_at: z.number().nullable(),
  ended_at: z.number().nullable(),
  /** Finished participants. */
  participants: z.array(testParticipantRefSchema),
  /** Finished participants (type default) of each cohort: the results' cohort filter shows when both have some. */
  cohorts: z.object({ lab: z.number(), remote: z.number() }),
  tags: z.array(z.object({ id: z.number(), name: z.string() })),
  /** The heatmap pages (GET /tests/{id}/heatmaps answers the same). */
  heatmaps: z.array(heatmapPageSchema),
  /** URL of the report download, or null while there is none. */
  report: z.string().nullable(),
});
export type TestDetail = z.infer<typeof testDetailSchema>;

/** Fields a client user (company_admin, company_member) may not set; staff may set every field. */
export const STAFF_ONLY_TEST_FIELDS = [
  'company_id',
  'requester_id',
  'researcher_id',
  'category_id',
  'flow_id',
  'delivery_date',
  'minimum_participants_for_metrics',
] as const satisfies ReadonlyArray<keyof TestWrite>;
/** States a client user may give a test: save as draft or request it. */
export const CLIENT_TEST_STATES = ['draft', 'requested'] as const;

/** The fields the request rules look at. */
export type RequestCheckFields = Pick<
  TestDetail,
  | 'name'
  | 'purpose'
  | 'scenario'
  | 'stop_moment'
  | 'platform'
  | 'test_type'
  | 'target_group'
  | 'custom_target'
> & { focus_elements: string[] };

/**
 * Problems that block requesting a test (spec 2 §5), by field; empty when it may be requested.
 * Web tests need name, purpose, scenario and end point (stop_moment), an area of focus when
 * essential, and a target group description when custom; video tests need name and purpose.
 * A draft needs only a name (draftIssues).
 */
export function requestIssues(test: RequestCheckFields): Record<string, string> {
  const issues = draftIssues(test);
  if (!test.purpose.trim()) issues.purpose = MESSAGES.required;
  if (test.platform === 'video') return issues;
  if (!test.scenario.trim()) issues.scenario = MESSAGES.required;
  if (!test.stop_moment.trim()) issues.stop_moment = MESSAGES.required;
  if (test.test_type === 'essential' && !test.focus_elements.some((element) => element.trim()))
    issues.focus_elements = TEST_MESSAGES.focusRequired;
  if (test.target_group === 'custom' && !test.custom_target.trim())
    issues.custom_target = TEST_MESSAGES.customTargetRequired;
  return issues;
}

export function draftIssues(test: Pick<TestDetail, 'name'>): Record<string, string> {
  return test.name.trim() ? {} : { name: MESSAGES.required };
}

/** GET /categories and GET /flows. */
export const categorySchema = z.object({ id: z.number(), name: z.string() });
export const categoryListAnswer = z.array(categorySchema);
export const flowSchema = z.object({ id: z.number(), name: z.string() });
export const flowListAnswer = z.array(flowSchema);

/** Answer of DELETE /tests/{id}. */
export const deleteTestAnswer = z.object({ message: z.string() });
export const testDeletedMessage = 'The test has been removed';

const WRITE_DESCRIPTION =
  'Body: JSON `{ "test": {...} }` (testWriteBody of the contract) or multipart/form-data with `test[field]` keys: ' +
  '`test[addons][]`, `test[focus_elements][]`, `test[open_questions][0][text]` / `[id]` / `[_destroy]` (same for ' +
  'associations and evaluations) and the video file as `test[video]` (MKV, MP4 or MOV, checked by its content).';

export const testRoutes = defineRoutes('tests', {
  list: {
    method: 'GET',
    path: '/tests',
    access: 'user',
    summary: 'Tests the user may see, newest first (?homepage=1: the 4 most recent)',
    query: testListQuery,
    responses: { 200: testListAnswer },
  },
  get: {
    method: 'GET',
    path: '/tests/:id',
    access: 'user',
    summary: 'One test: the whole Test entity with its questions, participants and tags',
    params: idParams,
    responses: { 200: testDetailSchema },
    errors: [403],
  },
  create: {
    method: 'POST',
    path: '/tests',
    access: 'user',
    summary: 'Order a test (state draft, or requested: takes a credit of its type)',
    description: WRITE_DESCRIPTION,
    body: testWriteBody,
    multipart: true,
    responses: { 201: testDetailSchema },
    errors: [403, 409, 413],
  },
  update: {
    method: 'PATCH',
    path: '/tests/:id',
    access: 'user',
    summary: 'Change a test: client users their drafts, staff any test and field',
    description: WRITE_DESCRIPTION,
    params: idParams,
    body: testWriteBody,
    multipart: true,
    responses: { 200: testDetailSchema },
    errors: [403, 409, 413],
  },
  delete: {
    method: 'DELETE',
    path: '/tests/:id',
    access: 'user',
    summary: "Delete a test: a draft by its company's users, any test by staff",
    params: idParams,
    responses: { 200: deleteTestAnswer },
    errors: [403],
  },
  video: {
    method: 'GET',
    path: '/tests/:id/video',
    access: 'signed',
    summary: "The test's video, by the signed URL in the test's `video` field (Range requests seek)",
    params: idParams,
    query: signedUrlQuery,
    responses: { 200: videoFileAnswer, 206: videoFileAnswer },
    errors: [416],
  },
  categories: {
    method: 'GET',
    path: '/categories',
    access: 'user',
    summary: 'Test categories',
    responses: { 200: categoryListAnswer },
  },
  flows: {
    method: 'GET',
    path: '/flows',
    access: 'user',
    summary: 'Test flows',
    responses: { 200: flowListAnswer },
  },
  files: {
    method: 'GET',
    path: '/tests/:id/files',
    access: 'researcher',
    summary:
      "The test's files for the research area: screen recordings and sample streams of its participants, its video and report, with size, date and download",
    params: idParams,
    responses: { 200: testFilesAnswer },
  },
});
