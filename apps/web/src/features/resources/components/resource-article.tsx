import { RESOURCE_CONFIRM_DELETE, type Resource } from '@limbus/contract';
import { Anchor, Button, Group, Image, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconEdit, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../../api';
import { ErrorAlert, formatDate, openConfirmDelete, PageLoader, PageTitle } from '../../../ui';
import { RichTextView } from '../../../ui/rich-text-view';
import { useCurrentUser } from '../../account';
import { useDeleteResource, useResource, useUpdateResource } from '../api';
import { canAuthorResources } from '../resource-filters';
import { ResourceNotFound } from './not-allowed';
import { ResourceStatus, ResourceTags } from './resource-badges';

const failed = (error: unknown) =>
  notifications.show({
    color: 'red',
    message: isApiError(error) ? error.message : 'That did not work. Please try again.',
  });

/** Edit, Publish or Unpublish, and Delete ('Are you sure?!'): for the provider company only. */
function AuthorActions({ resource }: { resource: Resource }) {
  const navigate = useNavigate();
  const update = useUpdateResource(resource.id);
  const remove = useDeleteResource();
  const togglePublished = () =>
    update.mutate(
      { published: !resource.published },
      {
        onSuccess: (saved) =>
          notifications.show({
            color: 'teal',
            message: saved.published ? 'The article is published' : 'The article is a draft again',
          }),
        onError: failed,
      },
    );
  const confirmDelete = () =>
    openConfirmDelete({
      message: RESOURCE_CONFIRM_DELETE,
      onConfirm: () =>
        remove.mutate(resource.id, {
          onSuccess: () => {
            notifications.show({ color: 'teal', message: 'The article was deleted' });
            void navigate('/resources');
          },
          onError: failed,
        }),
    });
  return (
    <Group gap="sm">
      <Button
        component={Link}
        to={`/resources/${resource.id}/edit`}
        variant="default"
        leftSection={<IconEdit size={16} aria-hidden />}
      >
        Edit
      </Button>
      <Button
        onClick={togglePublished}
        loading={update.isPending}
        variant={resource.published ? 'default' : 'filled'}
      >
        {resource.published ? 'Unpublish' : 'Publish'}
      </Button>
      <Button
        onClick={confirmDelete}
        loading={remove.isPending}
        color="red"
        variant="light"
        leftSection={<IconTrash size={16} aria-hidden />}
      >
        Delete
      </Button>
    </Group>
  );
}

/** /resources/{id}: the article, its body sanitized again before it is shown. */
export function ResourceArticle({ id }: { id: number }) {
  const article = useResource(id);
  const { user } = useCurrentUser();
  if (article.isLoading) return <PageLoader label="Loading the article" />;
  if (article.isError && !(isApiError(article.error) && article.error.status === 404))
    return <ErrorAlert error={article.error} title="The article could not be loaded" />;
  if (!article.data) return <ResourceNotFound />;
  const resource = article.data;
  return (
    <Stack gap="lg" maw={820}>
      <Anchor component={Link} to="/resources" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden />
          Back to resources
        </Group>
      </Anchor>
      <article>
        <Stack gap="md">
          <ResourceStatus type={resource.resource_type} published={resource.published} />
          <PageTitle actions={canAuthorResources(user) ? <AuthorActions resource={resource} /> : undefined}>
            {resource.title}
          </PageTitle>
          <Text size="sm" c="dimmed" mt={-16}>
            <time dateTime={resource.date}>{formatDate(resource.date)}</time>
            {resource.author ? ` · ${resource.author}` : ''}
          </Text>
          <ResourceTags tags={resource.tags} />
          {resource.image ? <Image src={resource.image} alt="" radius="md" mah={360} fit="cover" /> : null}
          <RichTextView html={resource.body} empty="This article has no text yet." />
        </Stack>
      </article>
    </Stack>
  );
}
