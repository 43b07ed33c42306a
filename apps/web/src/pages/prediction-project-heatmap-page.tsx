import { Button } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { isApiError } from '../api';
import { useCurrentUser } from '../features/account';
import { canWritePredictions, HeatmapViewer, usePrediction, useProject } from '../features/predictions';
import { Empty, ErrorAlert, PageLoader } from '../ui';

/** /predictions/projects/{projectId}/heatmaps/{heatmapId}: a heatmap of a project, back to the project. */
export function PredictionProjectHeatmapPage() {
  const params = useParams();
  const projectId = Number(params.projectId);
  const prediction = usePrediction(Number(params.heatmapId));
  const project = useProject(projectId);
  const { user } = useCurrentUser();
  if (prediction.isLoading || project.isLoading) return <PageLoader label="Loading the heatmap" />;
  const error = prediction.error ?? project.error;
  if (error && !(isApiError(error) && error.status === 404))
    return <ErrorAlert error={error} title="The heatmap could not be loaded" />;
  if (!prediction.data || !project.data || prediction.data.project_id !== projectId)
    return (
      <Empty
        title="This heatmap was not found in this project"
        description="It may have been deleted or moved."
        action={
          <Button
            component={Link}
            to={project.data ? `/predictions/projects/${projectId}` : '/predictions/projects'}
          >
            {project.data ? `Back to ${project.data.name}` : 'Back to projects'}
          </Button>
        }
      />
    );
  return (
    <HeatmapViewer
      prediction={prediction.data}
      canEdit={canWritePredictions(user)}
      back={{ to: `/predictions/projects/${projectId}`, label: project.data.name }}
    />
  );
}
