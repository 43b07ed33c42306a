import { BenchmarkScreen } from '../features/benchmark';
import { useLoadedTest } from '../features/test-results';

/** /test/{id}/benchmark (Professional): the test among comparable done tests. */
export function BenchmarkPage() {
  const test = useLoadedTest();
  return <BenchmarkScreen testId={test.id} />;
}
