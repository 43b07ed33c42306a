import { useParams } from 'react-router';
import { ParticipantWelcome } from '../features/remote-participation';

/** /p/{token}: a remote cohort's participant, without an account. */
export function ParticipantPage() {
  const { token = '' } = useParams();
  return <ParticipantWelcome token={token} />;
}
