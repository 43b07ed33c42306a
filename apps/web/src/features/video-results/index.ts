export { VideoDynamicAnalysisPage } from './components/dynamic-analysis-page';
export { VideoMomentsPage } from './components/moments-page';
export { VideoParticipantPage } from './components/participant-page';
export { VideoParticipantsPage } from './components/participants-page';
export { VideoQualitativeFeedbackPage } from './components/qualitative-feedback-page';
export { VideoScenesPage } from './components/scenes-page';
export { VideoSummaryPage } from './components/summary-page';
export { VideoProcessing } from './components/video-processing';
export { hasVideoResults, useVideoParticipant } from './video-participant';
