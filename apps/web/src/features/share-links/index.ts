export { ShareButton } from './components/share-dialog';
export { ShareLinksTable } from './components/share-links-table';
export { SharedView } from './components/shared-view';
