import { Navigate, useParams } from 'react-router';
import { PublishedReel } from '../features/evidence-reels';
import { InsightDetail, InsightsScreen } from '../features/insights';
import { ShareButton } from '../features/share-links';
import { LinkedSuggestions } from '../features/suggestions';
import { useLoadedTest } from '../features/test-results';

/** /test/{id}/insights */
export function InsightsPage() {
  return <InsightsScreen test={useLoadedTest()} />;
}

/** /test/{id}/insights/{insightId}; an address that is not a number goes to the list. */
export function InsightPage() {
  const test = useLoadedTest();
  const insightId = Number(useParams().insightId);
  if (!Number.isInteger(insightId) || insightId <= 0)
    return <Navigate to={`/test/${test.id}/insights`} replace />;
  return (
    <InsightDetail
      key={insightId}
      test={test}
      insightId={insightId}
      linkedSuggestions={<LinkedSuggestions testId={test.id} insightId={insightId} />}
      actions={(insight) => <ShareButton test={test} insight={insight} />}
      evidence={(insight) => (
        <PublishedReel
          testId={test.id}
          insight={insight}
          share={<ShareButton test={test} insight={insight} reel />}
        />
      )}
    />
  );
}
