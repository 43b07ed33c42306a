import { Navigate, useParams } from 'react-router';
import { PublishedReel, useReel } from '../features/evidence-reels';
import { InsightDetail, InsightsScreen, useInsights } from '../features/insights';
import { ShareButton } from '../features/share-links';
import { LinkedSuggestions } from '../features/suggestions';
import { useLoadedTest } from '../features/test-results';
import { PageLoader } from '../ui';

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
  return <LoadedInsightPage test={test} insightId={insightId} />;
}

/**
 * The insight with its published reel, shown once both answers are in (asked for together): a reel
 * arriving after the insight pushed everything under it down (CLS 0.20 on a desktop).
 */
function LoadedInsightPage({
  test,
  insightId,
}: {
  test: ReturnType<typeof useLoadedTest>;
  insightId: number;
}) {
  const insights = useInsights(test.id);
  const reel = useReel(test.id, insightId);
  if (insights.isLoading || reel.isLoading) return <PageLoader label="Loading the insight" />;
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
