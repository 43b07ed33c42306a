import { and, asc, eq, gt, inArray, lte } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { bundles, companies, contracts } from '../../db/schema.js';

export type BundleRow = typeof bundles.$inferSelect;
export type ContractRow = typeof contracts.$inferSelect & { bundles: BundleRow[] };

/** Contracts of the companies, each with its bundles, oldest first. */
export async function listContracts(db: Executor, companyIds: number[]): Promise<ContractRow[]> {
  if (companyIds.length === 0) return [];
  const contractRows = await db
    .select()
    .from(contracts)
    .where(inArray(contracts.companyId, companyIds))
    .orderBy(asc(contracts.startDate), asc(contracts.id));
  const bundleRows = contractRows.length
    ? await db
        .select()
        .from(bundles)
        .where(
          inArray(
            bundles.contractId,
            contractRows.map((contract) => contract.id),
          ),
        )
        .orderBy(asc(bundles.id))
    : [];
  return contractRows.map((contract) => ({
    ...contract,
    bundles: bundleRows.filter((bundle) => bundle.contractId === contract.id),
  }));
}

export async function findContract(db: Executor, id: number): Promise<ContractRow | null> {
  const [contract] = await db.select().from(contracts).where(eq(contracts.id, id));
  if (!contract) return null;
  const bundleRows = await db
    .select()
    .from(bundles)
    .where(eq(bundles.contractId, id))
    .orderBy(asc(bundles.id));
  return { ...contract, bundles: bundleRows };
}

export async function hasActiveContract(db: Executor, companyId: number, today: string): Promise<boolean> {
  const [row] = await db
    .select({ id: contracts.id })
    .from(contracts)
    .where(
      and(eq(contracts.companyId, companyId), lte(contracts.startDate, today), gt(contracts.endDate, today)),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertContract(
  db: Executor,
  contract: { companyId: number; startDate: string; endDate: string; comments: string },
): Promise<number> {
  const [row] = await db.insert(contracts).values(contract).returning({ id: contracts.id });
  if (!row) throw new Error('insert into contracts returned no row');
  return row.id;
}

export async function updateContractRow(
  db: Executor,
  id: number,
  changes: Partial<{ startDate: string; endDate: string; comments: string }>,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.update(contracts).set(changes).where(eq(contracts.id, id));
}

export async function insertBundle(
  db: Executor,
  bundle: { contractId: number; testType: 'essential' | 'professional'; tests: number; comments: string },
): Promise<BundleRow> {
  const [row] = await db.insert(bundles).values(bundle).returning();
  if (!row) throw new Error('insert into bundles returned no row');
  return row;
}

export async function findBundle(db: Executor, id: number): Promise<BundleRow | null> {
  const [row] = await db.select().from(bundles).where(eq(bundles.id, id));
  return row ?? null;
}

export async function deleteBundleRow(db: Executor, id: number): Promise<void> {
  await db.delete(bundles).where(eq(bundles.id, id));
}

/** Whether the company a contract is made for exists. */
export async function companyExists(db: Executor, id: number): Promise<boolean> {
  const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, id));
  return row !== undefined;
}
