/** /test/{id}/locked: where Essential tests land on Professional screens. */
export { LockedPage } from '../features/test-results';
