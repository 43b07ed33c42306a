import { Button } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useCurrentUser } from '../features/account';
import { canWritePredictions, HeatmapsList, UploadPredictions } from '../features/predictions';
import { PageTitle } from '../ui';

/** /predictions/heatmaps: the company's predicted heatmaps, and the upload. */
export function PredictionHeatmapsPage() {
  const { user } = useCurrentUser();
  const [uploading, setUploading] = useState(false);
  return (
    <>
      <PageTitle
        actions={
          canWritePredictions(user) ? (
            <Button leftSection={<IconUpload size={16} aria-hidden />} onClick={() => setUploading(true)}>
              Upload
            </Button>
          ) : undefined
        }
      >
        Heatmaps
      </PageTitle>
      <HeatmapsList />
      <UploadPredictions opened={uploading} onClose={() => setUploading(false)} />
    </>
  );
}
