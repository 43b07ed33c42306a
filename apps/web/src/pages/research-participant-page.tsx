import { useParams } from 'react-router';
import { AccessExportButton } from '../features/access';
import { ConsentSection } from '../features/consent';
import { EraseParticipantAction } from '../features/erasures';
import { InsightsPanel } from '../features/insights';
import { ParticipantDetailView } from '../features/participants';
import { FullWidthPage } from '../ui';

/**
 * /research/test/{id}/participants/{participantId}; a new key per participant resets the screen's
 * state. The Data tab shows the test's insights, where the participant's points can be linked.
 */
export function ResearchParticipantPage() {
  const params = useParams();
  const testId = Number(params.id);
  const participantId = Number(params.participantId);
  return (
    <FullWidthPage>
      <EraseParticipantAction
        testId={testId}
        participantId={participantId}
        beside={<AccessExportButton testId={testId} participantId={participantId} />}
        key={`${testId}-${participantId}`}
      >
        <ParticipantDetailView
          testId={testId}
          participantId={participantId}
          renderInsights={(test) => <InsightsPanel test={test} participantId={participantId} />}
          after={<ConsentSection testId={testId} participantId={participantId} />}
        />
      </EraseParticipantAction>
    </FullWidthPage>
  );
}
