import { Button } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { isApiError } from '../api';
import { useCurrentUser } from '../features/account';
import { canWritePredictions, ProjectView, useProject } from '../features/predictions';
import { Empty, ErrorAlert, PageLoader } from '../ui';

/** /predictions/projects/{id}: one project with its heatmaps. */
export function PredictionProjectPage() {
  const id = Number(useParams().id);
  const project = useProject(id);
  const { user } = useCurrentUser();
  if (project.isLoading) return <PageLoader label="Loading the project" />;
  if (project.isError && !(isApiError(project.error) && project.error.status === 404))
    return <ErrorAlert error={project.error} title="The project could not be loaded" />;
  if (!project.data)
    return (
      <Empty
        title="This project was not found"
        description="It may have been deleted."
        action={
          <Button component={Link} to="/predictions/projects">
            Back to projects
          </Button>
        }
      />
    );
  return <ProjectView project={project.data} canEdit={canWritePredictions(user)} />;
}
