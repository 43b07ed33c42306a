/** Shell geometry (spec 1 §2): content starts 314 px from the left and 70 px from the top. */
export const SIDEBAR_WIDTH = 290;
export const SIDEBAR_COLLAPSED_WIDTH = 80;
export const CONTENT_PADDING_LEFT = 314;
export const CONTENT_PADDING_TOP = 70;
/** Gap between the sidebar and the content: 314 - 290. */
export const CONTENT_GAP = CONTENT_PADDING_LEFT - SIDEBAR_WIDTH;
/** Prediction heatmap pages: content 200 px from the window's left (beside the collapsed sidebar) and 0 from the top. */
export const HEATMAP_CONTENT_PADDING_LEFT = 200;
export const HEATMAP_CONTENT_PADDING_TOP = 0;

const COLLAPSING_SECTIONS = ['test', 'video-test', 'admin', 'research'];

/** The sidebar collapses inside /test/, /video-test/, /admin/ and /research/, and on prediction heatmap pages. */
export function isCollapsedPath(pathname: string): boolean {
  const first = pathname.split('/')[1] ?? '';
  return COLLAPSING_SECTIONS.includes(first) || isPredictionHeatmapPath(pathname);
}

export function isResearchPath(pathname: string): boolean {
  return pathname.split('/')[1] === 'research';
}

/**
 * Full-width content (spec 1 §2 'Other shell rules'): participant recording, heatmap and video pages,
 * the journey, the section video, the heatmap viewer, researcher heatmaps and the researcher's
 * participant pages.
 */
const FULL_WIDTH_PATHS = [
  /^\/test\/[^/]+\/participant\/[^/]+\/(recording|heatmap|video)\/?$/,
  /^\/test\/[^/]+\/(journey|section-video|heatmaps)\/?$/,
  /^\/video-test\/[^/]+\/participant(\/[^/]+)?\/?$/,
  /^\/research\/test\/[^/]+\/(heatmaps|participants?)(\/.*)?$/,
];

/** Spec 3 'Layout': the prediction heatmap pages (viewer, compare, a project's heatmap). */
const PREDICTION_HEATMAP_PATHS = [
  /^\/predictions\/heatmaps\/[^/]+(\/compare)?\/?$/,
  /^\/predictions\/projects\/[^/]+\/heatmaps\/[^/]+\/?$/,
];

export function isPredictionHeatmapPath(pathname: string): boolean {
  return PREDICTION_HEATMAP_PATHS.some((pattern) => pattern.test(pathname));
}

export function isFullWidthPath(pathname: string): boolean {
  return FULL_WIDTH_PATHS.some((pattern) => pattern.test(pathname));
}
