import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useCurrentUser } from '../features/account';
import { canWritePredictions, NewProjectModal, ProjectsList } from '../features/predictions';
import { PageTitle } from '../ui';

/** /predictions/projects: the company's prediction projects and the New project modal. */
export function PredictionProjectsPage() {
  const { user } = useCurrentUser();
  const [creating, setCreating] = useState(false);
  return (
    <>
      <PageTitle
        actions={
          canWritePredictions(user) ? (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
              New project
            </Button>
          ) : undefined
        }
      >
        Projects
      </PageTitle>
      <ProjectsList />
      <NewProjectModal opened={creating} onClose={() => setCreating(false)} />
    </>
  );
}
