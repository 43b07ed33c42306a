export { FIRST_VIEW, heatmapPointsQuery, heatmapsQuery } from './api';
export { HeatmapViewer } from './components/heatmap-viewer';
export { ResearchHeatmaps } from './components/research-heatmaps';
export { preloadFirstScreenshot } from './screenshot-source';
