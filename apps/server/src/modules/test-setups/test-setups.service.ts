import type { ScreenGeometryInput, TestSetup, TestSetupStatus } from '@limbus/contract';
import { hashOpaqueToken, newOpaqueToken } from '../../auth/opaque-tokens.js';
import type { Deps } from '../../deps.js';
import { notFound } from '../../http/app-error.js';
import type { SetupIdentity } from '../../http/authenticate.js';
import { toGeometryRecord } from '../participants/participant-geometry.js';
import { toTestSetup } from './test-setups.mappers.js';
import {
  deleteTestSetupRow,
  findTestSetupByKeyHash,
  insertTestSetupRow,
  listTestSetupRows,
  recordHeartbeat,
  updateTestSetupKey,
  updateTestSetupRow,
} from './test-setups.repository.js';

type SetupDeps = Pick<Deps, 'db' | 'clock'>;

export async function listTestSetups(deps: SetupDeps): Promise<{ data: { test_setups: TestSetup[] } }> {
  const now = deps.clock();
  return { data: { test_setups: (await listTestSetupRows(deps.db)).map((row) => toTestSetup(row, now)) } };
}

/** A new setup and its key: random 32 bytes (hex), shown once, stored as its SHA-256. */
export async function createTestSetup(
  deps: SetupDeps,
  input: { name: string; ip: string; geometry?: ScreenGeometryInput | null | undefined },
): Promise<{ data: TestSetup; key: string }> {
  const { token, hash } = newOpaqueToken();
  const row = await insertTestSetupRow(deps.db, {
    name: input.name,
    ip: input.ip,
    keyHash: hash,
    geometry: input.geometry ? toGeometryRecord(input.geometry) : null,
  });
  return { data: toTestSetup(row, deps.clock()), key: token };
}

/** Changes the setup's name, IP or geometry (null: the documented default); the rest stays. */
export async function updateTestSetup(
  deps: SetupDeps,
  id: number,
  input: {
    name?: string | undefined;
    ip?: string | undefined;
    geometry?: ScreenGeometryInput | null | undefined;
  },
): Promise<{ data: TestSetup }> {
  const row = await updateTestSetupRow(deps.db, id, {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.ip !== undefined ? { ip: input.ip } : {}),
    ...(input.geometry !== undefined
      ? { geometry: input.geometry === null ? null : toGeometryRecord(input.geometry) }
      : {}),
  });
  if (!row) throw notFound('The test setup');
  return { data: toTestSetup(row, deps.clock()) };
}

/** A new key for the setup; the old one stops working at once. */
export async function rotateTestSetupKey(
  deps: SetupDeps,
  id: number,
): Promise<{ data: TestSetup; key: string }> {
  const { token, hash } = newOpaqueToken();
  const row = await updateTestSetupKey(deps.db, id, hash);
  if (!row) throw notFound('The test setup');
  return { data: toTestSetup(row, deps.clock()), key: token };
}

export async function removeTestSetup(deps: SetupDeps, id: number): Promise<void> {
  if (!(await deleteTestSetupRow(deps.db, id))) throw notFound('The test setup');
}

export async function heartbeat(
  deps: SetupDeps,
  setup: SetupIdentity,
  status: TestSetupStatus,
): Promise<{ data: TestSetup }> {
  const now = deps.clock();
  const row = await recordHeartbeat(deps.db, setup.id, status, now);
  if (!row) throw notFound('The test setup');
  return { data: toTestSetup(row, now) };
}

/** The setup of a recorder's key, looked up by its SHA-256 as stored (authentication's lookup). */
export async function findSetupByKey(deps: Pick<Deps, 'db'>, key: string): Promise<SetupIdentity | null> {
  const row = await findTestSetupByKeyHash(deps.db, hashOpaqueToken(key));
  return row ? { id: row.id, name: row.name } : null;
}
