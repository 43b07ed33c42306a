export { ProcessingRecordDocument } from './components/processing-record-document';
export { ProcessingRecordLink } from './components/processing-record-link';
