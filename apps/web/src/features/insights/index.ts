export { insightKeys, useInsights } from './api';
export { InsightsPanel } from './components/insights-panel';
