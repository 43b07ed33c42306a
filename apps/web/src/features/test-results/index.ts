export { PageInsightsScreen, SectionsScreen, TagsScreen } from './insight-screens';
export { IntroductionPage } from './introduction-page';
export { LockedPage } from './locked-page';
export { OverviewPage } from './overview/overview-page';
export { redirectOfResults, reportLabel, upgradeMessage } from './test-access';
export { TestLayout, useLoadedTest } from './test-layout';
