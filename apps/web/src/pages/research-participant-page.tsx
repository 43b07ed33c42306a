import { useParams } from 'react-router';
import { ParticipantDetailView } from '../features/participants';
import { FullWidthPage } from '../ui';

/** /research/test/{id}/participants/{participantId}; a new key per participant resets the screen's state. */
export function ResearchParticipantPage() {
  const params = useParams();
  const testId = Number(params.id);
  const participantId = Number(params.participantId);
  return (
    <FullWidthPage>
      <ParticipantDetailView
        key={`${testId}-${participantId}`}
        testId={testId}
        participantId={participantId}
      />
    </FullWidthPage>
  );
}
