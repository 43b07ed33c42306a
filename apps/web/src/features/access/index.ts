export { AccessExportButton } from './components/access-export-button';
