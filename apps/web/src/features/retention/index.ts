export { useRetentionPolicy } from './api';
export {
  describeRemoval,
  RemovedNotice,
  RemovedStreamsNotice,
  removedRecording,
} from './components/removed-notice';
export { RetentionPolicySection } from './components/retention-policy-section';
