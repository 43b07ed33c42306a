import { z } from 'zod';
import { cohortField, idParam } from './fields.js';
import { defineRoutes } from './route.js';

/**
 * Exports of a test's recordings for other tools (docs/exports.md): raw samples, gaze events and
 * significant points, and page and tag metrics, as CSV or JSON, streamed as they are produced.
 */

export const EXPORT_KINDS = ['samples', 'events', 'metrics'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
export const EXPORT_FORMATS = ['csv', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_KIND_NAMES: Record<ExportKind, string> = {
  samples: 'Raw samples (gaze, mouse, emotions)',
  events: 'Events (fixations, saccades, significant points)',
  metrics: 'Page and tag metrics',
};

/**
 * The header that says how many rows (lines after the header) the export will hold, so that a
 * download can show its progress: the answer is streamed, so it has no Content-Length.
 */
export const EXPORT_ROWS_HEADER = 'x-export-rows';

export const exportParams = z.strictObject({
  id: idParam,
  kind: z.enum(EXPORT_KINDS, { error: `Choose one of ${EXPORT_KINDS.join(', ')}` }),
});
export const exportQuery = z.strictObject({
  format: z.enum(EXPORT_FORMATS, { error: `Choose one of ${EXPORT_FORMATS.join(', ')}` }).optional(),
  /** One participant's rows only (samples and events). */
  participant_id: idParam.optional(),
  /** The lab's or the remote participants' rows only (samples and events; `all` when left out). */
  cohort: cohortField,
});

export const exportRoutes = defineRoutes('exports', {
  download: {
    method: 'GET',
    path: '/tests/:id/exports/:kind',
    access: 'user',
    summary:
      "Export a test's raw samples, events or metrics as CSV (default) or JSON (?format=json), for every participant, one (?participant_id=) or a cohort's (?cohort=lab|remote)",
    description:
      'Streamed while it is produced (no Content-Length); `X-Export-Rows` says how many rows follow the header ' +
      '(CSV: lines after the header line; JSON: one row object per line). Read by whoever reads the participants ' +
      '(samples, events) or the pages and tags (metrics) of the test. Units are in the CSV header and the JSON `units`.',
    params: exportParams,
    query: exportQuery,
    responses: { 200: { file: 'text/csv' } },
    errors: [403],
  },
});
