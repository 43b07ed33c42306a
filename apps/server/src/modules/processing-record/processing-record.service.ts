import {
  CONSENT_PURPOSE_NAMES,
  CONSENT_PURPOSES,
  CONSENT_STREAM_NAMES,
  CONSENT_STREAMS,
  type ConsentStream,
  PROCESSING_SECURITY_MEASURES,
  type ProcessingRecord,
  SPECIAL_CATEGORY_STREAMS,
} from '@limbus/contract';
import type { Config } from '../../config.js';
import type { Deps } from '../../deps.js';
import { notFound } from '../../http/app-error.js';
import { type Actor, authorizeFound } from '../../http/policy.js';
import { findCompanyRow } from '../companies/companies.service.js';
import { getRetentionPolicy } from '../retention/retention.service.js';
import { findUserById } from '../users/users.service.js';
import {
  type CurrentGrantRow,
  countCompanyUsers,
  findProviderRow,
  listCompanyTestRows,
  listCurrentGrantRows,
} from './processing-record.repository.js';

/**
 * The record of processing (GDPR Art. 30, docs/data-rights.md) of one company, read from its
 * tests, the consents in force, its retention policy and this installation's configuration.
 */
export async function getProcessingRecord(
  deps: Pick<Deps, 'db' | 'config' | 'clock'>,
  actor: Actor,
  companyId: number,
): Promise<ProcessingRecord> {
  const company = await findCompanyRow(deps.db, companyId);
  if (!company) throw notFound('The company');
  authorizeFound(actor, 'processing_record.read', 'The company', { id: companyId });
  const [admin, provider, testRows, grants, companyUsers, retention] = await Promise.all([
    company.adminId === null ? null : findUserById(deps.db, company.adminId),
    findProviderRow(deps.db),
    listCompanyTestRows(deps.db, companyId),
    listCurrentGrantRows(deps.db, companyId),
    countCompanyUsers(deps.db, companyId),
    getRetentionPolicy(deps, actor, companyId),
  ]);
  const grantCount = (has: (grant: CurrentGrantRow) => boolean) => grants.filter(has).length;
  return {
    generated_at: Math.floor(deps.clock().getTime() / 1000),
    controller: {
      company_id: company.id,
      name: company.name,
      address: oneLineAddress([
        company.address,
        `${company.postalCode} ${company.city}`,
        company.countryName,
      ]),
      contact: admin ? { name: `${admin.firstName} ${admin.lastName}`.trim(), email: admin.email } : null,
    },
    processor: provider
      ? {
          name: provider.name,
          address: oneLineAddress([provider.address, `${provider.postalCode} ${provider.city}`]),
        }
      : { name: 'The provider of this Limbus installation', address: '' },
    purposes: CONSENT_PURPOSES.map((purpose) => ({
      purpose,
      name: CONSENT_PURPOSE_NAMES[purpose],
      granted: grantCount((grant) => grant.purposes?.includes(purpose) === true),
    })),
    data_subjects: {
      tests: testRows.length,
      participants: grants.length,
      with_consent: grantCount((grant) => grant.streams !== null),
    },
    data_categories: CONSENT_STREAMS.map((stream) => ({
      stream,
      name: CONSENT_STREAM_NAMES[stream],
      special_category: (SPECIAL_CATEGORY_STREAMS as readonly ConsentStream[]).includes(stream),
      granted: grantCount((grant) => grant.streams?.includes(stream) === true),
    })),
    recipients: recipients(deps.config, company.name, companyUsers, provider),
    locations: locations(deps.config),
    retention,
    security_measures: [...PROCESSING_SECURITY_MEASURES],
    tests: testRows.map((row) => ({
      id: row.id,
      name: row.name,
      participants: row.participants,
      terms_version: row.termsVersion,
      streams: row.streams ?? [],
      purposes: row.purposes ?? [],
    })),
  };
}

const oneLineAddress = (parts: (string | null)[]) =>
  parts
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '')
    .join(', ');

function recipients(
  config: Config,
  companyName: string,
  companyUsers: number,
  provider: { name: string; users: number } | null,
): string[] {
  const people = (n: number) => `${n} ${n === 1 ? 'user' : 'users'}`;
  return [
    `${companyName}'s own users of Limbus (${people(companyUsers)}), who read the results of its tests`,
    provider
      ? `${provider.name}'s researchers and staff (${people(provider.users)}), who set up, record and analyse the tests`
      : "The provider's researchers and staff, who set up, record and analyse the tests",
    config.ai.provider === 'openai'
      ? `The AI provider at ${hostOf(config.ai.baseUrl)}, for the comments of participants who granted AI processing only`
      : 'No AI provider: AI text is written on the Limbus server itself, from participants who granted AI processing only',
  ];
}

function locations(config: Config): ProcessingRecord['locations'] {
  const { s3, ai } = config;
  return {
    database: config.databaseUrl
      ? "A PostgreSQL database of the provider's installation"
      : "The embedded database on the provider's server (its data directory)",
    files: s3
      ? `An S3 bucket at ${s3.endpoint ? hostOf(s3.endpoint) : 'Amazon Web Services'}, region ${s3.region}`
      : "The local disk of the provider's server (its data directory)",
    ai:
      ai.provider === 'openai'
        ? `The AI endpoint at ${hostOf(ai.baseUrl)}`
        : 'On the Limbus server itself: no data leaves the installation for AI text',
  };
}

const hostOf = (url: string) => new URL(url).host;
