import { useParams } from 'react-router';
import { NewTestOrder, SavedTestOrder, type TestKind } from '../features/ordering';

function TestOrderPage({ kind }: { kind: TestKind }) {
  const { id } = useParams();
  return id === undefined ? <NewTestOrder kind={kind} /> : <SavedTestOrder key={id} kind={kind} id={id} />;
}

/** /create-test/web and /create-test/web/:id */
export function WebTestOrderPage() {
  return <TestOrderPage kind="web" />;
}

/** /create-test/video and /create-test/video/:id */
export function VideoTestOrderPage() {
  return <TestOrderPage kind="video" />;
}
