import {
  CLIENT_TEST_STATES,
  draftIssues,
  ordersTests,
  requestIssues,
  STAFF_ONLY_TEST_FIELDS,
  TEST_MESSAGES,
  type TestDetail,
  type TestWrite,
} from '@limbus/contract';
import type { Executor } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { AppError, forbidden, notFound } from '../../http/app-error.js';
import { loadFor } from '../../http/load-for.js';
import { type Actor, can, mayBeResearcher, sees } from '../../http/policy.js';
import { findCompanyRow } from '../companies/companies.service.js';
import { toIsoDate } from '../contracts/contract-rules.js';
import { listReelFilesOf, removeReelFiles } from '../evidence-reels/evidence-reel-withdrawal.js';
import { removeParticipantFiles } from '../participants/participant-streams.js';
import { findUserById } from '../users/users.service.js';
import type { UploadedVideo } from './test-form.js';
import { applyQuestionPlan, planQuestions, type QuestionPlan } from './test-questions.js';
import { checkTestVideo, removeTestVideo, storeTestVideo } from './test-video.js';
import {
  categoryExists,
  deleteTestRow,
  findTestRow,
  flowExists,
  insertTestRow,
  listParticipantFilesOfTest,
  listQuestionRows,
  lockTestRow,
  type QuestionRow,
  returnCredit,
  type TestInsert,
  type TestRow,
  takeCredit,
  updateTestRow,
} from './user-tests.repository.js';
import { readTestDetail } from './user-tests.service.js';

export type TestInput = { fields: TestWrite; video: UploadedVideo | null };

/** What the write rules look at of a test; `newTest` gives the schema's defaults. */
type TestFacts = Pick<
  TestRow,
  | 'name'
  | 'purpose'
  | 'scenario'
  | 'stopMoment'
  | 'platform'
  | 'testType'
  | 'targetGroup'
  | 'customTarget'
  | 'focusElements'
  | 'state'
  | 'companyId'
  | 'creditBundleId'
  | 'video'
>;

const newTest = (companyId: number): TestFacts => ({
  name: '',
  purpose: '',
  scenario: '',
  stopMoment: '',
  platform: 'desktop',
  testType: 'professional',
  targetGroup: 'default',
  customTarget: '',
  focusElements: [],
  state: 'draft',
  companyId,
  creditBundleId: null,
  video: null,
});

/** Form fields and their columns; focus_elements and the question lists are handled on their own. */
const COLUMNS = {
  name: 'name',
  purpose: 'purpose',
  test_type: 'testType',
  platform: 'platform',
  state: 'state',
  translation: 'translation',
  scenario: 'scenario',
  url: 'url',
  stop_moment: 'stopMoment',
  target_group: 'targetGroup',
  custom_target: 'customTarget',
  company_id: 'companyId',
  requester_id: 'requesterId',
  researcher_id: 'researcherId',
  category_id: 'categoryId',
  flow_id: 'flowId',
  brand_name: 'brandName',
  comments: 'comments',
  delivery_date: 'deliveryDate',
  external_app: 'externalApp',
  minimum_participants_for_metrics: 'minimumParticipantsForMetrics',
  translation_language: 'translationLanguage',
  timing: 'timing',
  addons: 'addons',
} as const satisfies Partial<Record<keyof TestWrite, keyof TestInsert>>;

const isStaffActor = (actor: Actor) => can(actor, 'test.manage', { companyId: 0 });

/** POST /tests: a draft consumes nothing; a requested test takes a credit of its type (409 when none is left). */
export async function createTest(deps: Deps, actor: Actor, input: TestInput): Promise<TestDetail> {
  const companyId = input.fields.company_id ?? actor.companyId;
  if (companyId === null)
    throw AppError.fieldError('validation', 'company_id', 'Choose the company of the test');
  assertMayOrder(actor, companyId);
  const change = prepareChange(actor, newTest(companyId), [], input);
  await checkReferences(deps.db, input.fields, change.next.companyId);
  const videoKey = await storeVideo(deps, input.video, change.next);
  try {
    const id = await deps.db.transaction(async (tx) => {
      const creditBundleId = await settleCredit(deps, tx, newTest(companyId), change.next);
      const testId = await insertTestRow(tx, {
        ...change.columns,
        name: change.next.name,
        companyId,
        requesterId:
          input.fields.requester_id !== undefined
            ? input.fields.requester_id
            : actor.companyId === companyId
              ? actor.id
              : null,
        creditBundleId,
        video: videoKey,
        doneAt: change.next.state === 'done' ? deps.clock() : null,
      });
      await applyQuestionPlan(tx, testId, change.questions);
      return testId;
    });
    return await readTestDetail(deps, id);
  } catch (error) {
    await removeTestVideo(deps, videoKey);
    throw error;
  }
}

/**
 * PATCH /tests/{id}: client users change drafts of their own company (and may request them);
 * staff change any field of any test. Leaving draft takes a credit, going back to draft returns it.
 */
export async function updateTest(
  deps: Deps,
  actor: Actor,
  id: number,
  input: TestInput,
): Promise<TestDetail> {
  const current = await findChangeableTest(deps.db, actor, id, undefined, { missingVideo: true });
  if (current.state !== 'draft' && !isStaffActor(actor)) assertOnlyMissingVideo(input);
  // Checked before the video is stored, and again on the locked row: the row may change meanwhile.
  const precheck = prepareChange(actor, current, await listQuestionRows(deps.db, id), input);
  await checkReferences(deps.db, input.fields, precheck.next.companyId);
  const videoKey = await storeVideo(deps, input.video, precheck.next);
  let replacedVideo: string | null = null;
  try {
    await deps.db.transaction(async (tx) => {
      const locked = await lockTestRow(tx, id);
      if (!locked) throw notFound('The test');
      assertMayChange(actor, locked, undefined, { missingVideo: true });
      const change = prepareChange(actor, locked, await listQuestionRows(tx, id), input);
      const creditBundleId = await settleCredit(deps, tx, locked, change.next);
      await updateTestRow(tx, id, {
        ...change.columns,
        creditBundleId,
        video: videoKey ?? locked.video,
        doneAt: doneAtAfter(locked, change.next.state, deps.clock()),
        updatedAt: deps.clock(),
      });
      await applyQuestionPlan(tx, id, change.questions);
      replacedVideo = videoKey ? locked.video : null;
    });
  } catch (error) {
    await removeTestVideo(deps, videoKey);
    throw error;
  }
  await removeTestVideo(deps, replacedVideo);
  return readTestDetail(deps, id);
}

/**
 * When the test became done (retention counts from it, docs/data-rights.md): set as it becomes
 * done, kept while it stays done, cleared when it leaves done.
 */
function doneAtAfter(before: Pick<TestRow, 'state' | 'doneAt'>, state: TestRow['state'], now: Date) {
  if (state !== 'done') return null;
  return before.state === 'done' ? (before.doneAt ?? now) : now;
}

/** DELETE /tests/{id}: drafts by their company's users, any test by staff; a consumed credit is returned. */
export async function deleteTest(deps: Deps, actor: Actor, id: number): Promise<void> {
  await findChangeableTest(deps.db, actor, id, TEST_MESSAGES.onlyDraftDeletable);
  const removed = await deps.db.transaction(async (tx) => {
    const locked = await lockTestRow(tx, id);
    if (!locked) throw notFound('The test');
    assertMayChange(actor, locked, TEST_MESSAGES.onlyDraftDeletable);
    const participantFiles = await listParticipantFilesOfTest(tx, id);
    const reelFiles = await listReelFilesOf(tx, { testId: id });
    if (locked.creditBundleId !== null) await returnCredit(tx, locked.creditBundleId);
    await deleteTestRow(tx, id);
    return { participantFiles, reelFiles, video: locked.video };
  });
  await removeParticipantFiles(deps, removed.participantFiles);
  await removeReelFiles(deps, removed.reelFiles);
  await removeTestVideo(deps, removed.video);
}

type ChangeOptions = {
  /** A client may still add the video of its requested video test that has none (spec 2 §2 'Save Video'). */
  missingVideo?: boolean;
};

/** 404, 403 (another company, demo user, a client and a non-draft) before a form body is read. */
export async function findChangeableTest(
  db: Executor,
  actor: Actor,
  id: number,
  draftOnly?: string,
  options: ChangeOptions = {},
) {
  const row = await loadFor(actor, 'test.read', 'The test', findTestRow(db, id));
  assertMayChange(actor, row, draftOnly, options);
  return row;
}

/** What a client sends for a non-draft: the missing video and no field (else the draft-only 403). */
function assertOnlyMissingVideo(input: TestInput): void {
  if (!input.video || Object.values(input.fields).some((value) => value !== undefined)) {
    throw forbidden(TEST_MESSAGES.onlyDraftEditable);
  }
}

/** Demo users and users without a company order nothing: refused before a form body is read. */
export function assertMayOrderAny(actor: Actor): void {
  if (!ordersTests(actor)) throw forbidden(TEST_MESSAGES.demoCannotOrder);
  if (actor.companyId === null && !isStaffActor(actor)) throw forbidden(TEST_MESSAGES.otherCompany);
}

/** Demo users order nothing (403); another company is not found (404, as a missing one: issue 28, finding 7). */
function assertMayOrder(actor: Actor, companyId: number): void {
  if (!ordersTests(actor)) throw forbidden(TEST_MESSAGES.demoCannotOrder);
  if (!sees(actor, 'test.order', { companyId })) throw notFound('The company');
  if (!can(actor, 'test.order', { companyId })) throw forbidden(TEST_MESSAGES.otherCompany);
}

/** Client users change only drafts (or add a missing video when allowed); staff change any test. */
function assertMayChange(
  actor: Actor,
  test: TestFacts,
  draftOnly: string = TEST_MESSAGES.onlyDraftEditable,
  { missingVideo = false }: ChangeOptions = {},
) {
  assertMayOrder(actor, test.companyId);
  if (test.state === 'draft' || isStaffActor(actor)) return;
  if (missingVideo && test.platform === 'video' && test.video === null) return;
  throw forbidden(draftOnly);
}

/**
 * What a write changes: the columns, the question plan and the test as it will be. Throws 403 for
 * fields a client may not set and 400 for a test that is not complete enough for its state.
 */
function prepareChange(actor: Actor, current: TestFacts, questions: QuestionRow[], input: TestInput) {
  const { fields } = input;
  if (!isStaffActor(actor)) refuseStaffFields(fields, current.companyId);
  const columns: Partial<TestInsert> = {};
  for (const [field, column] of Object.entries(COLUMNS) as [keyof typeof COLUMNS, keyof TestInsert][]) {
    if (fields[field] !== undefined) Object.assign(columns, { [column]: fields[field] });
  }
  const issues: Record<string, string> = {};
  if (fields.focus_elements !== undefined) {
    columns.focusElements = fields.focus_elements.map((element) => element.trim()).filter(Boolean);
    if (columns.focusElements.length > 3) issues.focus_elements = TEST_MESSAGES.tooManyFocusElements;
  }
  const next: TestFacts = { ...current, ...columns } as TestFacts;
  if (input.video && next.platform !== 'video') issues.video = TEST_MESSAGES.videoOnlyForVideoTests;
  const isRequest = current.state === 'draft' && next.state === 'requested' && !isStaffActor(actor);
  Object.assign(issues, completenessIssues(next, isRequest));
  const { plan, issues: questionIssues } = planQuestions(fields, questions);
  Object.assign(issues, questionIssues);
  throwIssues(issues);
  return { columns, next, questions: plan satisfies QuestionPlan };
}

function completenessIssues(test: TestFacts, isRequest: boolean): Record<string, string> {
  const fields = {
    name: test.name,
    purpose: test.purpose,
    scenario: test.scenario,
    stop_moment: test.stopMoment,
    platform: test.platform,
    test_type: test.testType,
    target_group: test.targetGroup,
    custom_target: test.customTarget,
    focus_elements: test.focusElements,
  };
  return isRequest ? requestIssues(fields) : draftIssues(fields);
}

function refuseStaffFields(fields: TestWrite, companyId: number): void {
  const errors: Record<string, string[]> = {};
  for (const field of STAFF_ONLY_TEST_FIELDS) {
    if (fields[field] === undefined) continue;
    if (field === 'company_id' && fields.company_id === companyId) continue;
    errors[field] = [TEST_MESSAGES.staffOnlyField];
  }
  if (fields.state !== undefined && !(CLIENT_TEST_STATES as readonly string[]).includes(fields.state)) {
    errors.state = [TEST_MESSAGES.clientStates];
  }
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new AppError('forbidden', first, errors);
}

function throwIssues(issues: Record<string, string>): void {
  const entries = Object.entries(issues);
  if (entries.length === 0) return;
  throw new AppError(
    'validation',
    entries[0]?.[1] ?? 'Some fields are not valid',
    Object.fromEntries(entries.map(([field, message]) => [field, [message]])),
  );
}

/** The users, company, category and flow a write names must exist and fit (400 otherwise). */
async function checkReferences(db: Executor, fields: TestWrite, companyId: number): Promise<void> {
  const issues: Record<string, string> = {};
  if (fields.company_id !== undefined && !(await findCompanyRow(db, fields.company_id)))
    issues.company_id = TEST_MESSAGES.unknownCompany;
  if (fields.requester_id) {
    const requester = await findUserById(db, fields.requester_id);
    if (!requester) issues.requester_id = TEST_MESSAGES.unknownUser;
    else if (requester.companyId !== companyId) issues.requester_id = TEST_MESSAGES.requesterCompany;
  }
  if (fields.researcher_id) {
    const researcher = await findUserById(db, fields.researcher_id);
    if (!researcher) issues.researcher_id = TEST_MESSAGES.unknownUser;
    else if (!mayBeResearcher(researcher)) issues.researcher_id = TEST_MESSAGES.researcherStaff;
  }
  if (fields.category_id && !(await categoryExists(db, fields.category_id)))
    issues.category_id = TEST_MESSAGES.unknownCategory;
  if (fields.flow_id && !(await flowExists(db, fields.flow_id))) issues.flow_id = TEST_MESSAGES.unknownFlow;
  throwIssues(issues);
}

/** Checks the upload's content and copies it into the file store; null without an upload. */
async function storeVideo(deps: Deps, video: UploadedVideo | null, next: TestFacts): Promise<string | null> {
  if (!video || next.platform !== 'video') return null;
  return storeTestVideo(deps, await checkTestVideo(video));
}

/**
 * The credit the test holds after the write: leaving draft takes one of the (new) type from the
 * company's active contracts (409 when none is left), going back to draft returns it.
 */
async function settleCredit(deps: Deps, tx: Executor, before: TestFacts, after: TestFacts) {
  const wasDraft = before.state === 'draft';
  const isDraft = after.state === 'draft';
  if (wasDraft && !isDraft && before.creditBundleId === null) {
    const bundleId = await takeCredit(tx, after.companyId, after.testType, toIsoDate(deps.clock()));
    if (bundleId === null) throw new AppError('conflict', TEST_MESSAGES.outOfTests(after.testType));
    return bundleId;
  }
  if (!wasDraft && isDraft && before.creditBundleId !== null) {
    await returnCredit(tx, before.creditBundleId);
    return null;
  }
  return before.creditBundleId;
}
