/** The video test's results screens (spec 3 §2), inside TestLayout: /video-test/{id}/… and /research/test/{id}/…. */
export {
  VideoDynamicAnalysisPage,
  VideoMomentsPage,
  VideoParticipantPage,
  VideoParticipantsPage,
  VideoQualitativeFeedbackPage,
  VideoScenesPage,
  VideoSummaryPage,
} from '../features/video-results';
