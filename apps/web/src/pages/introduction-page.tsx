/** /test/{id}/demo: what the results screens show, before a first visit to them. */
export { IntroductionPage } from '../features/test-results';
