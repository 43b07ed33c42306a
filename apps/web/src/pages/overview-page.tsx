/** /test/{id}/overview (and /test/{id}/): the dashboard of a test's results. */
export { OverviewPage } from '../features/test-results';
