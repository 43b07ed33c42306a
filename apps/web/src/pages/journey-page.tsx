import { JourneyScreen } from '../features/journey';
import { useLoadedTest } from '../features/test-results';

/** /test/{id}/journey (Professional): the participants' paths through the pages. */
export function JourneyPage() {
  const test = useLoadedTest();
  return <JourneyScreen testId={test.id} />;
}
