import { useParams } from 'react-router';
import { ResourceArticle } from '../features/resources';

/** /resources/{id}: one article. */
export function ResourcePage() {
  const { id } = useParams();
  return <ResourceArticle key={id} id={Number(id)} />;
}
