export { qualityKeys, useParticipantQuality, useSetExcludedFromMetrics, useTestQuality } from './api';
export { ExclusionSwitch } from './components/exclusion-switch';
export { ParticipantQualityCard } from './components/participant-quality-card';
export { TestQualityPanel } from './components/test-quality-panel';
export { readsDataQuality } from './quality-format';
