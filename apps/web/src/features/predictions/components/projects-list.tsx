import type { PredictionProject } from '@limbus/contract';
import { Anchor, Box, Card, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconFolder } from '@tabler/icons-react';
import { Link } from 'react-router';
import { BlockSkeleton, Empty, ErrorAlert, formatDate } from '../../../ui';
import { useProjects } from '../api';

const THUMB_HEIGHT = 150;

const heatmapsLabel = (count: number) => (count === 1 ? '1 heatmap' : `${count} heatmaps`);

function ProjectCard({ project }: { project: PredictionProject }) {
  return (
    <Card component="article" withBorder padding="md" h="100%">
      <Card.Section>
        {project.image_thumb ? (
          <Image src={project.image_thumb} alt="" h={THUMB_HEIGHT} fit="cover" />
        ) : (
          <Box h={THUMB_HEIGHT} bg="gray.1" style={{ display: 'grid', placeItems: 'center' }}>
            <IconFolder size={40} color="var(--mantine-color-gray-5)" aria-hidden />
          </Box>
        )}
      </Card.Section>
      <Stack gap={6} mt="sm">
        <Title order={2} fz={17}>
          <Anchor component={Link} to={`/predictions/projects/${project.id}`} c="inherit">
            {project.name}
          </Anchor>
        </Title>
        {project.description ? (
          <Text size="sm" lineClamp={2}>
            {project.description}
          </Text>
        ) : null}
        <Text size="sm" c="dimmed">
          {heatmapsLabel(project.heatmaps_count)} · started{' '}
          <time dateTime={project.created_at}>{formatDate(project.created_at)}</time>
        </Text>
      </Stack>
    </Card>
  );
}

/** /predictions/projects: the company's projects as cards, newest first. */
export function ProjectsList() {
  const projects = useProjects();
  if (projects.isError) return <ErrorAlert error={projects.error} title="The projects could not be loaded" />;
  if (projects.isLoading)
    return (
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="md" role="status" aria-label="Loading">
        {[0, 1, 2].map((index) => (
          <BlockSkeleton key={index} height={240} />
        ))}
      </SimpleGrid>
    );
  if (!projects.data?.length)
    return (
      <Empty
        title="No projects yet"
        description="A project keeps the heatmaps of one site, campaign or redesign together."
      />
    );
  return (
    <SimpleGrid
      cols={{ base: 1, xs: 2, lg: 3 }}
      spacing="md"
      component="ul"
      aria-label="Projects"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
    >
      {projects.data.map((project) => (
        <li key={project.id}>
          <ProjectCard project={project} />
        </li>
      ))}
    </SimpleGrid>
  );
}
