import { Button } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { isApiError } from '../api';
import { useCurrentUser } from '../features/account';
import { canWritePredictions, HeatmapViewer, usePrediction } from '../features/predictions';
import { Empty, ErrorAlert, PageLoader } from '../ui';

/** /predictions/heatmaps/{id}: one predicted heatmap (the prediction heatmap layout, spec 3). */
export function PredictionHeatmapPage() {
  const id = Number(useParams().id);
  const prediction = usePrediction(id);
  const { user } = useCurrentUser();
  if (prediction.isLoading) return <PageLoader label="Loading the heatmap" />;
  if (prediction.isError && !(isApiError(prediction.error) && prediction.error.status === 404))
    return <ErrorAlert error={prediction.error} title="The heatmap could not be loaded" />;
  if (!prediction.data)
    return (
      <Empty
        title="This heatmap was not found"
        description="It may have been deleted."
        action={
          <Button component={Link} to="/predictions/heatmaps">
            Back to heatmaps
          </Button>
        }
      />
    );
  return <HeatmapViewer prediction={prediction.data} canEdit={canWritePredictions(user)} />;
}
