import type { TestSetup, TestSetupStatus } from '@limbus/contract';
import { newOpaqueToken } from '../../auth/opaque-tokens.js';
import type { Deps } from '../../deps.js';
import { notFound } from '../../http/app-error.js';
import { toTestSetup } from './test-setups.mappers.js';
import {
  deleteTestSetupRow,
  insertTestSetupRow,
  listTestSetupRows,
  recordHeartbeat,
  updateTestSetupKey,
} from './test-setups.repository.js';

type SetupDeps = Pick<Deps, 'db' | 'clock'>;

/** The setup a recorder authenticated as (`request.setup`). */
export type SetupIdentity = { id: number; name: string };

export async function listTestSetups(deps: SetupDeps): Promise<{ data: { test_setups: TestSetup[] } }> {
  const now = deps.clock();
  return { data: { test_setups: (await listTestSetupRows(deps.db)).map((row) => toTestSetup(row, now)) } };
}

/** A new setup and its key: random 32 bytes (base64url), shown once, stored as its SHA-256. */
export async function createTestSetup(
  deps: SetupDeps,
  input: { name: string; ip: string },
): Promise<{ data: TestSetup; key: string }> {
  const { token, hash } = newOpaqueToken();
  const row = await insertTestSetupRow(deps.db, { name: input.name, ip: input.ip, keyHash: hash });
  return { data: toTestSetup(row, deps.clock()), key: token };
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
