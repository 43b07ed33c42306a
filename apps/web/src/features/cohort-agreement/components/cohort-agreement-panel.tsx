import { lazy, Suspense, useRef } from 'react';
import { useNearViewport } from '../../../ui';

/** How near the viewport the panel comes before it is asked for (a CSS rootMargin). */
const LOAD_MARGIN = '400px';

/** Its code (tables, sentences, the expression curves' chart) loads with it. */
const LoadedAgreementPanel = lazy(() =>
  import('./agreement-details').then((module) => ({ default: module.LoadedAgreementPanel })),
);

/**
 * 'Lab and remote compared': how the test's remote (webcam) cohort agrees with its lab cohort,
 * per page in sentences with their figures, shown only when the test has both cohorts.
 */
export function CohortAgreementPanel({ testId }: { testId: number }) {
  // it lies under the screen's own results: asked for and drawn once it comes near, so that a
  // phone's first load does not wait for its tables and curves
  const anchor = useRef<HTMLDivElement>(null);
  const isNear = useNearViewport(anchor, LOAD_MARGIN);
  return (
    <div ref={anchor}>
      {isNear ? (
        <Suspense fallback={null}>
          <LoadedAgreementPanel testId={testId} />
        </Suspense>
      ) : null}
    </div>
  );
}
