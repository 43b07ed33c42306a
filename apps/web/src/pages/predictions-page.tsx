import { PredictionsLanding } from '../features/predictions';
import { PageTitle } from '../ui';

/** /predictions: the predictions area (spec 3 'Predictions'). */
export function PredictionsPage() {
  return (
    <>
      <PageTitle>Predictions</PageTitle>
      <PredictionsLanding />
    </>
  );
}
