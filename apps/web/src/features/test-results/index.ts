export { IntroductionPage } from './introduction-page';
export { LockedPage } from './locked-page';
export { accessRedirect, isProfessionalOnlyPage, reportLabel, upgradeMessage } from './test-access';
export { TestLayout, useLoadedTest } from './test-layout';
