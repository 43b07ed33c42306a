import type { ResourceSummary } from '@limbus/contract';
import { Anchor, Card, Center, Image, Stack, Text, Title } from '@mantine/core';
import { IconNews } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDate } from '../../../ui';
import { ResourceStatus, ResourceTags } from './resource-badges';

const COVER_HEIGHT = 150;

/** One article of the list: cover, type (and draft), title linking to it, date and tags. */
export function ResourceCard({ resource }: { resource: ResourceSummary }) {
  return (
    <Card component="article" padding="lg" h="100%">
      <Card.Section>
        {resource.image ? (
          <Image src={resource.image} alt="" h={COVER_HEIGHT} fit="cover" />
        ) : (
          <Center h={COVER_HEIGHT} bg="var(--mantine-primary-color-light)">
            <IconNews size={40} stroke={1.25} aria-hidden />
          </Center>
        )}
      </Card.Section>
      <Stack gap="xs" mt="md">
        <ResourceStatus type={resource.resource_type} published={resource.published} />
        <Title order={2} fz={18}>
          <Anchor component={Link} to={`/resources/${resource.id}`} c="inherit">
            {resource.title}
          </Anchor>
        </Title>
        <Text size="sm" c="dimmed">
          <time dateTime={resource.date}>{formatDate(resource.date)}</time>
          {resource.author ? ` · ${resource.author}` : ''}
        </Text>
        <ResourceTags tags={resource.tags} />
      </Stack>
    </Card>
  );
}
