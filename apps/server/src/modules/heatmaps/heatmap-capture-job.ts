import type { CaptureSettings } from '../../config.js';
import type { Deps } from '../../deps.js';
import { enqueueJob, type JobDeps, type JobHandler } from '../../jobs/job-runner.js';
import { CaptureError } from './capture-address.js';
import { capturePage } from './heatmap-capture.js';
import { removeScreenshot, screenshotValues, storeScreenshot } from './heatmap-screenshots.js';
import { findHeatmapById, type HeatmapRow, updateHeatmapRow } from './heatmaps.repository.js';
import { storeScreenshotVariants } from './screenshot-variants.js';

export const CAPTURE_HEATMAP = 'capture_heatmap';

/** Without settings (tests, tools) a capture reaches public addresses only. */
const DEFAULT_SETTINGS: CaptureSettings = {
  chromiumPath: '/usr/bin/chromium',
  allowPrivateAddresses: false,
  timeoutMs: 30_000,
};

/** Marks the page's capture queued and queues the job, in one transaction. */
export async function enqueueCapture(deps: Pick<Deps, 'db' | 'clock'>, row: HeatmapRow): Promise<HeatmapRow> {
  return deps.db.transaction(async (tx) => {
    const queued = await updateHeatmapRow(tx, row.id, {
      captureState: 'queued',
      captureProgress: 0,
      captureMessage: null,
    });
    await enqueueJob(tx, CAPTURE_HEATMAP, { heatmap_id: row.id }, deps.clock());
    if (!queued) throw new Error('the heatmap page went away');
    return queued;
  });
}

/**
 * The capture job: runs capturePage on the page's URL, stores the PNG as the page's screenshot
 * (the old one's file goes) and records progress on the way; a failure is recorded with its
 * reason for the user and not retried (the same address would fail the same way).
 */
export const captureHeatmapJob: JobHandler = Object.assign(
  async (deps: JobDeps, payload: Record<string, unknown>) => {
    const row = await findHeatmapById(deps.db, Number(payload.heatmap_id));
    if (!row) return; // removed meanwhile
    const progress = async (value: number) => {
      await updateHeatmapRow(deps.db, row.id, { captureState: 'running', captureProgress: value });
    };
    await progress(5);
    try {
      const bytes = await capturePage(row.url, deps.capture ?? DEFAULT_SETTINGS, progress);
      const stored = await storeScreenshot(deps, row.testId, bytes);
      await storeScreenshotVariants(deps, row.testId, stored.name, bytes);
      await updateHeatmapRow(deps.db, row.id, {
        ...screenshotValues(stored),
        captureState: 'done',
        captureProgress: 100,
        captureMessage: null,
      });
      if (row.screenshot) await removeScreenshot(deps, row.testId, row.screenshot);
    } catch (error) {
      const message = error instanceof CaptureError ? error.message : 'The capture failed; please try again';
      if (!(error instanceof CaptureError))
        deps.log.error({ err: error, heatmapId: row.id }, 'capture failed');
      await updateHeatmapRow(deps.db, row.id, { captureState: 'failed', captureMessage: message });
    }
  },
  {
    giveUp: async (deps: JobDeps, payload: Record<string, unknown>) => {
      await updateHeatmapRow(deps.db, Number(payload.heatmap_id), {
        captureState: 'failed',
        captureMessage: 'The capture stopped unexpectedly; please try again',
      });
    },
  },
);
