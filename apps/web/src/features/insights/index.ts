export { insightKeys, useInsights } from './api';
export { FeedbackPicker } from './components/feedback-picker';
export { InsightsPanel } from './components/insights-panel';
