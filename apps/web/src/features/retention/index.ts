export { useRetentionPolicy } from './api';
export { RemovedNotice, removedRecording } from './components/removed-notice';
export { RetentionPolicySection } from './components/retention-policy-section';
