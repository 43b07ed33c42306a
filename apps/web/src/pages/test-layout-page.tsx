/**
 * The results shell of /test/{id}/… and /video-test/{id}/… (and the research area's video
 * screens): a chunk of its own, so that a results screen's first load carries no other screen.
 */
export { TestLayout } from '../features/test-results';
