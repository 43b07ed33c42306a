export { PageInsightsScreen } from './page-insights-screen';
export { SectionsScreen } from './sections-screen';
export { TagsScreen } from './tags-screen';
