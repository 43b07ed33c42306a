import { type Company, isPermanentCompany, MESSAGES, type NewCompany } from '@limbus/contract';
import type { Deps } from '../../deps.js';
import { AppError, notFound } from '../../http/app-error.js';
import { loadFor } from '../../http/load-for.js';
import { type Actor, authorize, isResearcher } from '../../http/policy.js';
import { invitationMail } from '../../mail/templates.js';
import { createInvitationLink } from '../auth/account-tokens.js';
import { availableTests, latestContract, newContractDates, toIsoDate } from '../contracts/contract-rules.js';
import { insertContract, listContracts } from '../contracts/contracts.service.js';
import { listReelFilesOf, removeReelFiles } from '../evidence-reels/evidence-reel-withdrawal.js';
import { removeParticipantFiles } from '../participants/participant-streams.js';
import { listParticipantFilesOfCompany } from '../participants/participants.service.js';
import {
  emailExists,
  findUserByEmail,
  findUserById,
  findUsersByIds,
  insertUser,
  type UserRow,
  updateUserRow,
} from '../users/users.service.js';
import { toCompanyAnswer } from './companies.mappers.js';
import {
  countryExists,
  deleteCompanyRow,
  findCompanyRow,
  insertCompany,
  isCompanyNameTaken,
  listCompanyRows,
  setCompanyAdmin,
} from './companies.repository.js';

export async function listCompanySummaries(deps: Deps, actor: Actor) {
  authorize(actor, 'company.list', undefined);
  const rows = await listCompanyRows(deps.db);
  const contracts = await listContracts(
    deps.db,
    rows.map((company) => company.id),
  );
  return rows.map((company) => {
    const latest = latestContract(contracts.filter((contract) => contract.companyId === company.id));
    const available = availableTests(latest?.bundles ?? []);
    return {
      id: company.id,
      name: company.name,
      available_tests: available.essential + available.professional,
      end_date: latest?.endDate ?? null,
      is_demo: company.isDemo,
      is_provider: company.isProvider,
    };
  });
}

export async function getCompany(deps: Deps, actor: Actor, id: number): Promise<Company> {
  const company = await loadFor(actor, 'company.read', 'The company', findCompanyRow(deps.db, id));
  const contracts = await listContracts(deps.db, [id]);
  const userIds = [company.adminId, company.consultantId, company.businessDeveloperId].filter(
    (userId): userId is number => userId !== null,
  );
  const users = await findUsersByIds(deps.db, userIds);
  return toCompanyAnswer(company, { contracts, users, today: toIsoDate(deps.clock()) });
}

export async function getCompanyContracts(deps: Deps, actor: Actor, id: number) {
  return (await getCompany(deps, actor, id)).contracts;
}

/** Consultants and account managers: Super Admins, or members of a company with the research licence. */
function isEligibleStaff(user: UserRow | null): boolean {
  if (!user) return false;
  return isResearcher(user);
}

export async function createCompany(deps: Deps, actor: Actor, input: NewCompany): Promise<Company> {
  authorize(actor, 'company.manage', undefined);
  await ensureCompanyReferences(deps, input);
  if (await isCompanyNameTaken(deps.db, input.name)) {
    throw AppError.fieldError('conflict', 'name', MESSAGES.companyNameTaken);
  }
  const existingAdmin = await resolveExistingAdmin(deps, input);
  const today = toIsoDate(deps.clock());
  const { companyId, invitationLink } = await deps.db
    .transaction(async (tx) => {
      const companyId = await insertCompany(tx, {
        name: input.name,
        address: input.address,
        postalCode: input.postal_code,
        city: input.city,
        countryId: input.country_id,
        consultantId: input.consultant_id,
        businessDeveloperId: input.business_developer_id,
      });
      let adminId: number;
      let invitationLink: string | null = null;
      if (existingAdmin) {
        adminId = existingAdmin.id;
        await updateUserRow(tx, adminId, { companyId, role: 'company_admin' });
      } else {
        adminId = await insertUser(tx, {
          email: input.admin_email as string,
          role: 'company_admin',
          companyId,
          passwordHash: null,
        });
        invitationLink = await createInvitationLink(deps, tx, adminId);
      }
      await setCompanyAdmin(tx, companyId, adminId);
      if (input.months) {
        const dates = newContractDates(today, input.months);
        await insertContract(tx, { companyId, ...dates, comments: '' });
      }
      return { companyId, invitationLink };
    })
    .catch(async (error: unknown) => {
      if (await isCompanyNameTaken(deps.db, input.name)) {
        throw AppError.fieldError('conflict', 'name', MESSAGES.companyNameTaken);
      }
      throw error;
    });
  if (invitationLink && input.admin_email) {
    await deps.mailer.send(invitationMail(input.admin_email, input.name, invitationLink));
  }
  return getCompany(deps, actor, companyId);
}

async function ensureCompanyReferences(deps: Deps, input: NewCompany): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (!(await countryExists(deps.db, input.country_id))) errors.country_id = ['This country does not exist'];
  if (!isEligibleStaff(await findUserById(deps.db, input.consultant_id))) {
    errors.consultant_id = ['Choose a consultant from the provider staff'];
  }
  if (!isEligibleStaff(await findUserById(deps.db, input.business_developer_id))) {
    errors.business_developer_id = ['Choose an account manager from the provider staff'];
  }
  if (Object.keys(errors).length > 0) throw new AppError('validation', 'Some fields are not valid', errors);
}

/**
 * The chosen admin: an existing demo user (admin_id), or a new address (admin_email). A user who
 * already belongs to a real company cannot become the admin of another one.
 */
async function resolveExistingAdmin(deps: Deps, input: NewCompany): Promise<UserRow | null> {
  const adminTaken = () => AppError.fieldError('conflict', 'admin', MESSAGES.adminTaken);
  if (input.admin_id !== undefined) {
    const user = await findUserById(deps.db, input.admin_id);
    if (!user) throw AppError.fieldError('validation', 'admin', 'This user does not exist');
    if (user.role !== 'demo') throw adminTaken();
    return user;
  }
  const email = input.admin_email as string;
  if (!(await emailExists(deps.db, email))) return null;
  const user = await findUserByEmail(deps.db, email);
  if (user?.role !== 'demo') throw adminTaken();
  return user;
}

/**
 * Removes a company with its users, contracts and tests, then the files of its participants and
 * of its evidence reels. The demo and provider companies stay.
 */
export async function deleteCompany(deps: Deps, actor: Actor, id: number): Promise<void> {
  authorize(actor, 'company.manage', undefined);
  const company = await findCompanyRow(deps.db, id);
  if (!company) throw notFound('The company');
  if (isPermanentCompany(company) || actor.companyId === id) {
    throw new AppError(
      'conflict',
      'The demo company, the provider company and your own company cannot be removed',
    );
  }
  const participantFiles = await listParticipantFilesOfCompany(deps.db, id);
  const reelFiles = await listReelFilesOf(deps.db, { companyId: id });
  await deleteCompanyRow(deps.db, id);
  await removeParticipantFiles(deps, participantFiles);
  await removeReelFiles(deps, reelFiles);
}

// For ordering tests, which must name an existing company.
export { findCompanyRow } from './companies.repository.js';
