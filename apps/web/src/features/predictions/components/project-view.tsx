import { PROJECT_CONFIRM_DELETE, type PredictionProjectDetail } from '@limbus/contract';
import { Anchor, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconTrash, IconUpload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Empty, ErrorAlert, formatDate, openConfirmDelete } from '../../../ui';
import { useDeleteProject } from '../api';
import { PredictionCard } from './prediction-card';
import { UploadPredictions } from './upload-predictions';

/** /predictions/projects/{id}: a project's heatmaps, with upload into the project and delete. */
export function ProjectView({ project, canEdit }: { project: PredictionProjectDetail; canEdit: boolean }) {
  const [uploading, setUploading] = useState(false);
  const remove = useDeleteProject();
  const navigate = useNavigate();
  useEffect(() => {
    document.title = `${project.name} · Limbus`;
  }, [project.name]);
  const confirmDelete = () =>
    openConfirmDelete({
      message: PROJECT_CONFIRM_DELETE,
      onConfirm: () => remove.mutate(project.id, { onSuccess: () => navigate('/predictions/projects') }),
    });
  const heatmaps = project.heatmaps.filter((heatmap) => heatmap.title.trim() !== '');

  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/predictions/projects" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden /> Projects
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4} maw={720}>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {project.name}
          </Title>
          {project.description ? <Text>{project.description}</Text> : null}
          <Text size="sm" c="dimmed">
            Started {formatDate(project.created_at)}
            {project.requester ? ` by ${project.requester}` : ''}
          </Text>
        </Stack>
        {canEdit ? (
          <Group gap="xs">
            <Button leftSection={<IconUpload size={16} aria-hidden />} onClick={() => setUploading(true)}>
              Upload
            </Button>
            <Button
              variant="default"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={confirmDelete}
            >
              Delete project
            </Button>
          </Group>
        ) : null}
      </Group>
      {remove.isError ? <ErrorAlert error={remove.error} title="The project could not be deleted" /> : null}
      {heatmaps.length === 0 ? (
        <Empty
          title="No heatmaps in this project yet"
          description="Upload screenshots or capture pages into this project to predict where people look."
        />
      ) : (
        <SimpleGrid
          cols={{ base: 1, xs: 2, lg: 3 }}
          spacing="md"
          component="ul"
          aria-label="Heatmaps"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
        >
          {heatmaps.map((heatmap) => (
            <li key={heatmap.id}>
              <PredictionCard
                prediction={heatmap}
                to={`/predictions/projects/${project.id}/heatmaps/${heatmap.id}`}
              />
            </li>
          ))}
        </SimpleGrid>
      )}
      {canEdit ? (
        <UploadPredictions opened={uploading} onClose={() => setUploading(false)} projectId={project.id} />
      ) : null}
    </Stack>
  );
}
