import { lazy } from 'react';

// The visitor's heavier screens load when they open: a phone opening a link's overview or its list
// of insights does not evaluate the heatmaps' density code, the rankings or the rich texts'
// sanitiser (Lighthouse mobile blocking time, docs/decisions/share-links.md).
export const SharedHeatmaps = lazy(() =>
  import('./shared-heatmaps').then((module) => ({ default: module.SharedHeatmaps })),
);
export const SharedPages = lazy(() =>
  import('./shared-pages').then((module) => ({ default: module.SharedPages })),
);
export const SharedTags = lazy(() =>
  import('./shared-tags').then((module) => ({ default: module.SharedTags })),
);
export const SharedInsightCard = lazy(() =>
  import('./shared-insight-card').then((module) => ({ default: module.SharedInsightCard })),
);
