import { useParams } from 'react-router';
import { HeatmapCompare } from '../features/predictions';

/** /predictions/heatmaps/{heatmapId}/compare: heatmaps side by side. */
export function PredictionComparePage() {
  return <HeatmapCompare id={Number(useParams().id)} />;
}
