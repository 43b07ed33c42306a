import type { HeatmapPage } from '@limbus/contract';
import type { Deps } from '../../deps.js';
import { toUnixSeconds } from '../users/users.mappers.js';
import { signedScreenshotUrl } from './heatmap-screenshots.js';
import type { HeatmapRow } from './heatmaps.repository.js';

export function toHeatmapAnswer(deps: Pick<Deps, 'signedUrls' | 'clock'>, row: HeatmapRow): HeatmapPage {
  return {
    id: row.id,
    test_id: row.testId,
    name: row.name,
    url: row.url,
    match_type: row.matchType,
    screenshot: row.screenshot ? signedScreenshotUrl(deps, row.testId, row.screenshot) : null,
    screenshot_width: row.screenshot ? row.screenshotWidth : null,
    screenshot_height: row.screenshot ? row.screenshotHeight : null,
    capture: row.captureState
      ? { state: row.captureState, progress: row.captureProgress, message: row.captureMessage }
      : null,
    created_at: toUnixSeconds(row.createdAt),
    updated_at: toUnixSeconds(row.updatedAt),
  };
}
