import { useParams } from 'react-router';
import { SharedView } from '../features/share-links';

/** /s/{token}: a share link's visitor, without an account. */
export function SharedPage() {
  const { token = '' } = useParams();
  return <SharedView token={token} />;
}
