export { insightKeys, useInsights } from './api';
export { FeedbackPicker } from './components/feedback-picker';
export { InsightDetail } from './components/insight-detail';
export { InsightsPanel } from './components/insights-panel';
export { InsightsScreen } from './components/insights-screen';
export { TranslateCommentsButton } from './components/translate-comments-button';
export { counted, insightFacts, richTextToPlain } from './insight-facts';
export { insightColor } from './insight-reading';
export { InsightsWizard } from './wizard/insights-wizard';
