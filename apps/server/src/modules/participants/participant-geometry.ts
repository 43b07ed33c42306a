import { DEFAULT_SCREEN_GEOMETRY, type ScreenGeometry } from '@limbus/analytics';
import type { ScreenGeometryInput } from '@limbus/contract';
import type { Executor } from '../../db/client.js';
import type { ScreenGeometryRecord } from '../../db/schema.js';
import { listGeometryRecords } from './participants.repository.js';

/** A geometry as the API sends it, as stored. */
export const toGeometryRecord = (input: ScreenGeometryInput): ScreenGeometryRecord => ({
  widthPx: input.width_px,
  heightPx: input.height_px,
  widthMm: input.width_mm,
  heightMm: input.height_mm,
  distanceMm: input.distance_mm,
});

/** A stored geometry as the API answers it. */
export const toGeometryInput = (record: ScreenGeometryRecord): ScreenGeometryInput => ({
  width_px: record.widthPx,
  height_px: record.heightPx,
  width_mm: record.widthMm,
  height_mm: record.heightMm,
  distance_mm: record.distanceMm,
});

/**
 * The screen and viewing distance a participant's gaze is measured in: its own (sent when
 * finishing), else its test setup's, else DEFAULT_SCREEN_GEOMETRY (docs/gaze-analytics.md).
 */
export async function participantGeometry(db: Executor, participantId: number): Promise<ScreenGeometry> {
  const [row] = await listGeometryRecords(db, [participantId]);
  return row?.own ?? row?.setup ?? DEFAULT_SCREEN_GEOMETRY;
}

/** participantGeometry of several participants in one query; ids without a participant are left out. */
export async function participantGeometries(
  db: Executor,
  participantIds: readonly number[],
): Promise<Map<number, ScreenGeometry>> {
  if (participantIds.length === 0) return new Map();
  const rows = await listGeometryRecords(db, participantIds);
  return new Map(rows.map((row) => [row.id, row.own ?? row.setup ?? DEFAULT_SCREEN_GEOMETRY]));
}
