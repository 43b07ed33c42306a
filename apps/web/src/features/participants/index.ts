export {
  participantKeys,
  participantsQuery,
  streamQuery,
  useParticipant,
  useParticipants,
  useStreamSamples,
} from './api';
export { ParticipantAvatar } from './avatar/participant-avatar';
export { CHART_AXIS_PX, EmotionChart } from './components/emotion-chart';
export {
  EXPRESSIONS_EXPLAINED,
  ExpressionChart,
  WebcamParticipantPanels,
} from './components/expression-chart';
export { Neurofeedback, recordingUrl } from './components/neurofeedback';
export { ParticipantDetailView } from './components/participant-detail';
export { ParticipantsList, recordingHref, researchParticipantHref } from './components/participants-list';
export { RECORDING_LENGTH_HINT } from './components/recording-video';
export { SourceBadge } from './components/source-badge';
export { recordingLengthDiffers } from './recording-length';
export { useShortcutKeys, useVideoKeys, useVideoTime } from './use-video';
