import { asc, eq, sql } from 'drizzle-orm';
import { announceChange } from '../../db/changes.js';
import type { Executor } from '../../db/client.js';
import { companies, countries } from '../../db/schema.js';

export type CompanyRow = typeof companies.$inferSelect & { countryName: string | null };

function selectCompanies(db: Executor) {
  return db
    .select({ company: companies, countryName: countries.name })
    .from(companies)
    .leftJoin(countries, eq(countries.id, companies.countryId));
}

const toCompanyRow = (row: {
  company: typeof companies.$inferSelect;
  countryName: string | null;
}): CompanyRow => ({
  ...row.company,
  countryName: row.countryName,
});

export async function listCompanyRows(db: Executor): Promise<CompanyRow[]> {
  return (await selectCompanies(db).orderBy(asc(companies.name))).map(toCompanyRow);
}

export async function findCompanyRow(db: Executor, id: number): Promise<CompanyRow | null> {
  const [row] = await selectCompanies(db).where(eq(companies.id, id));
  return row ? toCompanyRow(row) : null;
}

export async function isCompanyNameTaken(db: Executor, name: string): Promise<boolean> {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(sql`lower(${companies.name}) = lower(${name})`);
  return row !== undefined;
}

export async function insertCompany(
  db: Executor,
  company: Pick<
    typeof companies.$inferInsert,
    'name' | 'address' | 'postalCode' | 'city' | 'countryId' | 'consultantId' | 'businessDeveloperId'
  >,
): Promise<number> {
  const [row] = await db.insert(companies).values(company).returning({ id: companies.id });
  if (!row) throw new Error('insert into companies returned no row');
  return row.id;
}

export async function setCompanyAdmin(db: Executor, companyId: number, adminId: number): Promise<void> {
  await db.update(companies).set({ adminId }).where(eq(companies.id, companyId));
}

export async function deleteCompanyRow(db: Executor, id: number): Promise<void> {
  await db.delete(companies).where(eq(companies.id, id));
  announceChange({ companyId: id });
}

export async function countryExists(db: Executor, id: number): Promise<boolean> {
  const [row] = await db.select({ id: countries.id }).from(countries).where(eq(countries.id, id));
  return row !== undefined;
}

export async function listCountries(db: Executor) {
  return db.select().from(countries).orderBy(asc(countries.name));
}
