import {
  authorsResources,
  isResearcher,
  isStaff,
  isSuperAdmin,
  managesMember,
  managesSuggestions,
  marksFavourites,
  ordersTests,
  type Role,
  readerOf,
  seesEveryTest,
  sharesResults,
  writesPredictions,
} from '@limbus/contract';
import { forbidden, notFound } from './app-error.js';

/** The flags of a company that access depends on. */
export type CompanyFlags = {
  id: number;
  name: string;
  isDemo: boolean;
  isProvider: boolean;
  licenceAnalysis: boolean;
  licenceResearch: boolean;
};

/** Who is asking: the signed-in user with the flags of their company. */
export type Actor = { id: number; role: Role; companyId: number | null; company: CompanyFlags | null };

// The staff rules are the contract's (packages/contract policies.ts), which the web app shows alike.
export { authorsResources, isResearcher, isStaff, isSuperAdmin, readerOf, seesEveryTest };

/** Who may be named a test's researcher: analysis staff (spec 2 §6: the list requires licence_analysis). */
export const mayBeResearcher = (user: Actor) => isStaff(user);

type Member = { id: number; role: Role; companyId: number | null };

/** Invite, change the role of, or remove a user of `companyId`. Only a Super Admin touches Super Admins. */
const canManageMember = (actor: Actor, member: { companyId: number | null; role: Role }) =>
  managesMember(actor, member);

/** Users of one company see each other, except in the demo company: its users are strangers who signed up. */
const isColleague = (actor: Actor, companyId: number | null) =>
  actor.companyId !== null && actor.companyId === companyId && actor.company?.isDemo !== true;

/** Provider staff, and the company's own admins: the company's data-rights documents. */
const staffOrItsAdmin = (actor: Actor, company: { id: number }) =>
  isStaff(actor) || (actor.role === 'company_admin' && actor.companyId === company.id);

/** Every resource-level rule, by action. Route-level access (public, signed in, staff) sits on each route. */
const rules = {
  /** See a company, its contracts and its members. */
  'company.read': (actor: Actor, company: { id: number }) => isStaff(actor) || actor.companyId === company.id,
  /**
   * List the companies (names and latest contract): the admin area, and the research area, which
   * sees every company's tests and sets the company of a test in the setup editor.
   */
  'company.list': (actor: Actor, _resource?: undefined) => seesEveryTest(actor),
  /**
   * List the users of a company: colleagues, and provider staff of either area (the research area
   * picks a test's requester and a suggestion's owner among them).
   */
  'company.members': (actor: Actor, company: { id: number }) =>
    seesEveryTest(actor) || isColleague(actor, company.id),
  /** Create, delete and change companies, contracts and bundles. */
  'company.manage': (actor: Actor, _resource?: undefined) => isStaff(actor),
  'user.list': (actor: Actor, _resource?: undefined) => isStaff(actor),
  'user.read': (actor: Actor, user: Member) =>
    actor.id === user.id || isStaff(actor) || isColleague(actor, user.companyId),
  'member.manage': canManageMember,
  /** Change one's own names, or those of a member one manages. */
  'user.update_profile': (actor: Actor, user: Member) => actor.id === user.id || canManageMember(actor, user),
  /** See a test and everything below it (participants, streams, results). Demo users too: their company's tests. */
  'test.read': (actor: Actor, test: { companyId: number }) =>
    seesEveryTest(actor) || actor.companyId === test.companyId,
  /**
   * Order a test for a company, or change or delete its drafts: its own users, not demo users (the
   * demo company is shared by strangers, and spec 2 §6 gives ordering to admins and members); staff too.
   */
  'test.order': (actor: Actor, test: { companyId: number }) =>
    seesEveryTest(actor) || (actor.companyId === test.companyId && ordersTests(actor)),
  /** Change a test beyond a client's draft (staff-only fields, any state, non-drafts) and delete non-drafts. */
  'test.manage': (actor: Actor, _test: { companyId: number }) => seesEveryTest(actor),
  /**
   * Mark a participant as favourite. Demo users only read: the demo company is shared by strangers,
   * and one of them starring a participant would change what all the others see.
   */
  'participant.favourite': (actor: Actor, test: { companyId: number }) =>
    marksFavourites(readerOf(actor), test),
  /** Aggregate a video test's participants (process_video_test): the research area, which sees every test. */
  'video.process': (actor: Actor, _test: { companyId: number }) => isResearcher(actor),
  /** Annotate a test's recordings: tags, page titles, sections, notes on points, answers, videos. */
  'test.annotate': (actor: Actor, _test: { companyId: number }) => isResearcher(actor),
  /**
   * Write a test's consent terms (a new version), enter a participant's paper consent or withdraw
   * part of it: the research area, which sees every test (docs/data-rights.md).
   */
  'consent.manage': (actor: Actor, _test: { companyId: number }) => isResearcher(actor),
  /** Open, list and close a test's remote cohorts (issue 30): the research area, which sees every test. */
  'remote_cohort.manage': (actor: Actor, _test: { companyId: number }) => isResearcher(actor),
  /** Remove participants and their recordings. */
  'participant.manage': (actor: Actor, _resource?: undefined) => isResearcher(actor),
  /** Erase a participant of a test (GDPR Art. 17): the research area, which sees every test. */
  'participant.erase': (actor: Actor, _test: { companyId: number }) => isResearcher(actor),
  /**
   * Request the erasure of a participant, and read a test's erasures and their receipts: the
   * research area, and the company admins of the test's company (docs/data-rights.md).
   */
  'erasure.request': (actor: Actor, test: { companyId: number }) =>
    isResearcher(actor) ||
    (actor.role === 'company_admin' && actor.companyId === test.companyId && actor.company?.isDemo !== true),
  /** Write, link and remove the insights of a test: the research area, which sees every test. */
  'insight.manage': (actor: Actor, _test: { companyId: number }) => isResearcher(actor),
  /** Read an AI insight generation (the wizard's poll): the user who asked it, and provider staff. */
  'insight_generation.read': (actor: Actor, generation: { requesterId: number }) =>
    actor.id === generation.requesterId || isStaff(actor),
  /**
   * Write, rank, mark done and remove the suggestions of a test: staff, and the users of the test's
   * company, whose work list it is (owners are their colleagues). Demo users only read: the demo
   * company is shared by strangers.
   */
  'suggestion.manage': (actor: Actor, test: { companyId: number }) =>
    managesSuggestions(readerOf(actor), test),
  /** Start a support conversation: any user of a company, demo users too (they are real people). */
  'support.start': (actor: Actor, _resource?: undefined) => actor.companyId !== null,
  /**
   * See and write in a support conversation: its starter and the provider's staff (research area).
   * Colleagues of the starter do not: a conversation may be about the colleague's own account.
   */
  'support.read': (actor: Actor, conversation: { userId: number }) =>
    isResearcher(actor) || actor.id === conversation.userId,
  /** See every conversation, close and reopen them. */
  'support.manage': (actor: Actor, _resource?: undefined) => isResearcher(actor),
  /** Write, publish, unpublish and delete articles of the resources library, and upload their images. */
  'resource.author': (actor: Actor, _resource?: undefined) => authorsResources(actor),
  /** Read an article: everyone once it is published; its authors also before. */
  'resource.read': (actor: Actor, resource: { published: boolean }) =>
    resource.published || authorsResources(actor),
  /**
   * Read the audit trail: provider staff all of it, a company admin the entries about their own
   * company (docs/data-rights.md).
   */
  'audit.read': (actor: Actor, filter: { companyId: number | null }) =>
    isStaff(actor) ||
    (actor.role === 'company_admin' && filter.companyId !== null && actor.companyId === filter.companyId),
  /**
   * Read a company's retention policy: provider staff, and the company's own admins
   * (docs/data-rights.md).
   */
  'retention.read': (actor: Actor, company: { id: number }) => staffOrItsAdmin(actor, company),
  /** Read a company's record of processing (Art. 30): as its retention policy. */
  'processing_record.read': (actor: Actor, company: { id: number }) => staffOrItsAdmin(actor, company),
  /** Set a company's retention policy: provider staff only. */
  'retention.manage': (actor: Actor, _company: { id: number }) => isStaff(actor),
  /**
   * Export everything held about a participant (Art. 15/20 access export): the provider's staff
   * and researchers, and the admins of the test's company (the controller that answers the data
   * subject). Not members, not demo users.
   */
  'participant.access_export': (actor: Actor, test: { companyId: number }) =>
    seesEveryTest(actor) ||
    (actor.role === 'company_admin' && actor.companyId === test.companyId && actor.company?.isDemo !== true),
  /** Share a done test's results or one insight by link (issue 29; the contract's sharesResults). */
  'share_link.create': (actor: Actor, test: { companyId: number }) => sharesResults(readerOf(actor), test),
  /** List and revoke a company's share links: its admins and provider staff. */
  'share_link.manage': (actor: Actor, company: { id: number }) => staffOrItsAdmin(actor, company),
  /** Read a prediction: the users of its company only (others are answered 404 by the company-scoped load). */
  'prediction.read': (actor: Actor, prediction: { companyId: number }) =>
    actor.companyId === prediction.companyId,
  /** Upload, generate, change and delete predictions and their boxes: not demo users. */
  'prediction.write': (actor: Actor, prediction: { companyId: number }) =>
    writesPredictions(readerOf(actor), prediction),
} satisfies Record<string, (actor: Actor, resource: never) => boolean>;

export type Action = keyof typeof rules;
export type ResourceOf<A extends Action> = Parameters<(typeof rules)[A]>[1];

export function can<A extends Action>(actor: Actor, action: A, resource: ResourceOf<A>): boolean {
  const rule = rules[action] as (actor: Actor, resource: ResourceOf<A>) => boolean;
  return rule(actor, resource);
}

/** Throws `forbidden` unless the actor may do the action. */
export function authorize<A extends Action>(actor: Actor, action: A, resource: ResourceOf<A>): void {
  if (!can(actor, action, resource)) throw forbidden();
}

type Sight<A extends Action> = (actor: Actor, resource: ResourceOf<A>) => boolean;

const seesTest = rules['test.read'];
/** A company: its users and staff; the research area too, which lists every company ('company.list'). */
const seesCompany = (actor: Actor, company: { id: number }) =>
  rules['company.read'](actor, company) || rules['company.list'](actor);
const seesUser = rules['user.read'];

/**
 * Whether the actor may know that the resource of an action exists: the read rule of its kind (a
 * test and what lies below it, a company, a user, a support conversation…). Another tenant's
 * resource is not seen, and is answered as if it did not exist (issue 28, finding 7). Actions not
 * listed act on no single resource (route-level: staff, the research area) or on one every caller
 * sees.
 */
const sights: { [A in Action]?: Sight<A> } = {
  'company.read': seesCompany,
  'company.members': seesCompany,
  'retention.read': seesCompany,
  'retention.manage': seesCompany,
  'processing_record.read': seesCompany,
  'audit.read': (actor, filter) => filter.companyId === null || seesCompany(actor, { id: filter.companyId }),
  'user.read': seesUser,
  'user.update_profile': seesUser,
  // A member's company: a user invited into it or moved there (the member was read first).
  'member.manage': (actor, member) =>
    member.companyId === null || seesCompany(actor, { id: member.companyId }),
  'test.read': seesTest,
  'test.order': seesTest,
  'test.manage': seesTest,
  'participant.favourite': seesTest,
  'video.process': seesTest,
  'test.annotate': seesTest,
  'consent.manage': seesTest,
  'remote_cohort.manage': seesTest,
  'participant.erase': seesTest,
  'erasure.request': seesTest,
  'insight.manage': seesTest,
  'suggestion.manage': seesTest,
  'participant.access_export': seesTest,
  'share_link.create': seesTest,
  'share_link.manage': seesCompany,
  'insight_generation.read': rules['insight_generation.read'],
  'support.read': rules['support.read'],
  'prediction.read': rules['prediction.read'],
  'prediction.write': rules['prediction.read'],
};

/** Whether the actor may know that `resource` exists (see `sights`). */
export function sees<A extends Action>(actor: Actor, action: A, resource: ResourceOf<A>): boolean {
  const sight = sights[action] as Sight<A> | undefined;
  return sight ? sight(actor, resource) : true;
}

/**
 * The check of a found resource: `not_found` naming `what` when the actor may not know it exists
 * (another tenant's, told apart from a missing one by nothing: the same status and body), then
 * `forbidden` when the actor sees it but may not do the action (a member on an admin's action, a
 * demo user on a write).
 */
export function authorizeFound<A extends Action>(
  actor: Actor,
  action: A,
  what: string,
  resource: ResourceOf<A>,
): void {
  if (!sees(actor, action, resource)) throw notFound(what);
  authorize(actor, action, resource);
}
