export { FIRST_VIEW, heatmapPointsQuery, heatmapsQuery } from './api';
export { GazeHeatmap } from './components/gaze-heatmap';
export { HeatmapLegend } from './components/heatmap-legend';
export { HeatmapViewer } from './components/heatmap-viewer';
export { ResearchHeatmaps } from './components/research-heatmaps';
export { preloadFirstScreenshot } from './screenshot-source';
