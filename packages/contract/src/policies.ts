import type { Role } from './constants.js';

/** The flags of a company that access depends on. */
export type ReaderCompany = {
  licenceAnalysis: boolean;
  licenceResearch: boolean;
  isDemo: boolean;
  isProvider: boolean;
};

/** Who asks, as both sides know it: the role, the company and its flags. */
export type Staffing = { role: Role; companyId: number | null; company: ReaderCompany | null };

/**
 * The rules the web app shows and the server enforces alike, on a reader both sides can build:
 * the server from its actor (apps/server/src/http/policy.ts), the web app from the signed-in user
 * (`readerOfUser`). The server's policy holds every other rule.
 */
export type Reader = Staffing & {
  /** Provider staff of either area: they see every company's tests. */
  seesEveryTest: boolean;
};

export const isSuperAdmin = (who: Pick<Staffing, 'role'>) => who.role === 'admin';
/** Provider staff with the admin area: Super Admins and users of a company with licence_analysis. */
export const isStaff = (who: Pick<Staffing, 'role' | 'company'>) =>
  isSuperAdmin(who) || who.company?.licenceAnalysis === true;
/** Provider staff with the research area: Super Admins and users of a company with licence_research. */
export const isResearcher = (who: Pick<Staffing, 'role' | 'company'>) =>
  isSuperAdmin(who) || who.company?.licenceResearch === true;
/** Provider staff (admin or research area) see the tests of every company. */
export const seesEveryTest = (who: Pick<Staffing, 'role' | 'company'>) => isStaff(who) || isResearcher(who);

/** The reader of someone the server or the web app knows. */
export const readerOf = (who: Staffing): Reader => ({
  role: who.role,
  companyId: who.companyId,
  company: who.company,
  seesEveryTest: seesEveryTest(who),
});

type SessionUser = {
  role: Role;
  company_id: number | null;
  company: {
    licence_analysis: boolean;
    licence_research: boolean;
    is_demo: boolean;
    is_provider: boolean;
  } | null;
};

/** The role and company flags of the web app's signed-in user, as the staff rules read them. */
export const accessOfUser = (
  user: Pick<SessionUser, 'role' | 'company'>,
): Pick<Staffing, 'role' | 'company'> => ({
  role: user.role,
  company: user.company && {
    licenceAnalysis: user.company.licence_analysis,
    licenceResearch: user.company.licence_research,
    isDemo: user.company.is_demo,
    isProvider: user.company.is_provider,
  },
});

/** The reader of the web app's signed-in user. */
export const readerOfUser = (user: SessionUser): Reader =>
  readerOf({ ...accessOfUser(user), companyId: user.company_id });

/**
 * Order tests, or change and delete one's drafts. Demo users do not: the demo company is shared
 * by everyone who signed up, so they look at its tests without creating or changing any.
 */
export const ordersTests = (who: Pick<Staffing, 'role'>) => who.role !== 'demo';

/**
 * Invite, change the role of, or remove a member of a company: staff, and the company's own
 * admins for its admins and members. Only a Super Admin touches Super Admins.
 */
export function managesMember(reader: Staffing, member: { companyId: number | null; role: Role }): boolean {
  if (member.role === 'admin' && !isSuperAdmin(reader)) return false;
  if (isStaff(reader)) return true;
  return (
    reader.role === 'company_admin' &&
    reader.companyId !== null &&
    reader.companyId === member.companyId &&
    (member.role === 'company_admin' || member.role === 'company_member')
  );
}

/** Authors of the resources library: users of the provider company, and Super Admins. */
export const authorsResources = (who: Pick<Staffing, 'role' | 'company'>) =>
  isSuperAdmin(who) || who.company?.isProvider === true;

/** The demo and the provider company stay: nobody removes them. */
export const isPermanentCompany = (company: { isDemo: boolean; isProvider: boolean }) =>
  company.isDemo || company.isProvider;

/**
 * Write, rank, complete and remove a test's suggestions: staff, and the users of the test's
 * company, whose work list it is. Demo users only read: the demo company is shared by strangers.
 */
export const managesSuggestions = (reader: Reader, test: { companyId: number }) =>
  reader.seesEveryTest || (reader.companyId === test.companyId && reader.role !== 'demo');

/** Mark a participant as favourite: the same readers, for the same reason. */
export const marksFavourites = managesSuggestions;

/**
 * Share a done test's results or an insight by link (issue 29): the same readers as ordering,
 * the users of the test's company but demo users (the demo company is shared by strangers), and staff.
 */
export const sharesResults = managesSuggestions;

/** The company whose researchers use the insights wizard (spec 3 §6: company id 2, the provider). */
export const INSIGHTS_WIZARD_COMPANY_ID = 2;

/**
 * The insights wizard and the three-column layout for adding feedback to an insight: only for
 * users of company id 2 (spec 3 §2, §6).
 */
export const usesInsightsWizard = (reader: Pick<Reader, 'companyId'>) =>
  reader.companyId === INSIGHTS_WIZARD_COMPANY_ID;

/**
 * Upload, generate, rename and delete a company's predictions and draw their boxes: its users.
 * Demo users only read, for the same reason; nobody outside the company sees them at all.
 */
export const writesPredictions = (reader: Reader, prediction: { companyId: number }) =>
  reader.companyId === prediction.companyId && reader.role !== 'demo';

/**
 * Predict a test's heatmap page: the researchers, who annotate every test, and the users of the
 * test's company who write its predictions.
 */
export const predictsPages = (reader: Reader, test: { companyId: number }) =>
  isResearcher(reader) || writesPredictions(reader, test);
