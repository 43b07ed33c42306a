import { Anchor, Badge, Group } from '@mantine/core';
import { Link } from 'react-router';
import { resourceTypeName } from '../resource-filters';

/** The type of an article, and a draft badge while it is not published. */
export function ResourceStatus({ type, published }: { type: number; published: boolean }) {
  return (
    <Group gap={6}>
      <Badge variant="light">{resourceTypeName(type)}</Badge>
      {published ? null : (
        <Badge color="orange" variant="filled">
          Draft
        </Badge>
      )}
    </Group>
  );
}

/** Tags as links that search the library for them (`/resources?tag=`). */
export function ResourceTags({ tags }: { tags: readonly string[] }) {
  if (tags.length === 0) return null;
  return (
    <Group gap={6} component="ul" aria-label="Tags" p={0} m={0} style={{ listStyle: 'none' }}>
      {tags.map((tag) => (
        <li key={tag}>
          <Anchor component={Link} to={`/resources?tag=${encodeURIComponent(tag)}`} size="xs" c="dimmed">
            #{tag}
          </Anchor>
        </li>
      ))}
    </Group>
  );
}
