export { ExportPanel } from './components/export-panel';
export { countNewlines, exportUrl, progressShare, readExport } from './download-export';
