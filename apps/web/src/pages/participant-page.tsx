import { useParams } from 'react-router';
import { ParticipantStudy } from '../features/remote-participation';

/** /p/{token}: a remote cohort's participant, without an account. */
export function ParticipantPage() {
  const { token = '' } = useParams();
  return <ParticipantStudy token={token} />;
}
