import { TEST_SETUP_ONLINE_SECONDS, type TestSetup } from '@limbus/contract';
import { toGeometryInput } from '../participants/participant-geometry.js';
import type { TestSetupRow } from './test-setups.repository.js';

const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** A setup as answered; it is online while its last heartbeat is at most a minute old. */
export function toTestSetup(row: TestSetupRow, now: Date): TestSetup {
  const heartbeat = row.lastHeartbeatAt;
  return {
    id: row.id,
    name: row.name,
    ip: row.ip,
    status: row.status,
    updated_at: unixSeconds(heartbeat ?? row.createdAt),
    is_online: heartbeat !== null && now.getTime() - heartbeat.getTime() <= TEST_SETUP_ONLINE_SECONDS * 1000,
    geometry: row.geometry ? toGeometryInput(row.geometry) : null,
  };
}
