export { HeatmapViewer } from './components/heatmap-viewer';
export { ResearchHeatmaps } from './components/research-heatmaps';
