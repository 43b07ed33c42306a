/** The video test's results screens (spec 3 §2), inside TestLayout: /video-test/{id}/… and /research/test/{id}/…. */
import { CohortAgreementPanel } from '../features/cohort-agreement';
import { useLoadedTest } from '../features/test-results';
import { VideoSummaryPage as VideoSummary } from '../features/video-results';

export {
  VideoDynamicAnalysisPage,
  VideoMomentsPage,
  VideoParticipantPage,
  VideoParticipantsPage,
  VideoQualitativeFeedbackPage,
  VideoScenesPage,
} from '../features/video-results';

/**
 * The summary, and below it how the remote cohort agrees with the lab (only with both cohorts),
 * mounted with the summary's results so that it never sits under content still loading.
 */
export function VideoSummaryPage() {
  const test = useLoadedTest();
  return <VideoSummary below={<CohortAgreementPanel testId={test.id} />} />;
}
