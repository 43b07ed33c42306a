/** /test/{id}/page-insights, /test/{id}/tags/{tagId} and /test/{id}/sections: one chunk, inside TestLayout. */
export { PageInsightsScreen, SectionsScreen, TagsScreen } from '../features/test-results';
