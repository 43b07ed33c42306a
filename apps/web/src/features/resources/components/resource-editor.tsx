import {
  DATE_FORMATS,
  RESOURCE_CONFIRM_DELETE,
  RESOURCE_TYPE_NAMES,
  RESOURCE_TYPES,
  type Resource,
  type ResourceChanges,
  type ResourceType,
} from '@limbus/contract';
import {
  Alert,
  Button,
  CloseButton,
  FileButton,
  Group,
  Image,
  Input,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconPhoto, IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../../api';
import { openConfirmDelete, pickFieldErrors } from '../../../ui';
import { RichTextField } from '../../../ui/rich-text';
import { useCurrentUser } from '../../account';
import { displayName } from '../../auth';
import {
  uploadResourceImage,
  useCreateResource,
  useDeleteResource,
  useResourceTags,
  useUpdateResource,
} from '../api';
import { isImageFile } from '../resource-filters';

type Values = {
  title: string;
  resource_type: string;
  date: string;
  author: string;
  tags: string[];
  body: string;
};
/** The cover as shown, and whether it changed (the image is sent only then). */
type Cover = { name: string | null; url: string | null; changed: boolean };

const TYPE_OPTIONS = RESOURCE_TYPES.map((type) => ({
  value: String(type),
  label: RESOURCE_TYPE_NAMES[type],
}));
const IMAGES_ONLY = 'Only images can be uploaded (PNG, JPEG, GIF or WebP)';
const FIELDS = ['title', 'resource_type', 'date', 'author', 'tags', 'body'] as const;

const uploadMessage = (error: unknown) =>
  isApiError(error) ? (error.fieldError('file') ?? error.message) : 'The image could not be uploaded';

/** Uploads an image after checking its type here; answers null (and says why) when it was refused. */
async function uploadImage(file: File, onError: (message: string) => void) {
  if (!isImageFile(file)) {
    onError(IMAGES_ONLY);
    return null;
  }
  try {
    return await uploadResourceImage(file);
  } catch (error) {
    onError(uploadMessage(error));
    return null;
  }
}

function CoverField({ cover, onChange }: { cover: Cover; onChange: (cover: Cover) => void }) {
  const [error, setError] = useState<string | null>(null);
  const [isUploading, setUploading] = useState(false);
  const choose = async (file: File | null) => {
    if (!file) return;
    setError(null);
    setUploading(true);
    const image = await uploadImage(file, setError);
    setUploading(false);
    if (image) onChange({ name: image.name, url: image.url, changed: true });
  };
  return (
    <Input.Wrapper label="Cover image" description="PNG, JPEG, GIF or WebP, at most 5 MB" error={error}>
      <Stack gap="xs" mt={4}>
        {cover.url ? (
          <Image src={cover.url} alt="Cover preview" h={160} w="auto" fit="contain" radius="sm" />
        ) : null}
        <Group gap="sm">
          <FileButton onChange={(file) => void choose(file)} accept="image/*">
            {(props) => (
              <Button
                {...props}
                variant="default"
                loading={isUploading}
                leftSection={<IconPhoto size={16} aria-hidden />}
              >
                {cover.url ? 'Replace image' : 'Upload image'}
              </Button>
            )}
          </FileButton>
          {cover.url ? (
            <Button
              variant="subtle"
              color="red"
              onClick={() => onChange({ name: null, url: null, changed: true })}
            >
              Remove image
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}

const initialValues = (resource: Resource | undefined, author: string): Values => ({
  title: resource?.title ?? '',
  resource_type: String(resource?.resource_type ?? 0),
  date: resource?.date ?? dayjs().format(DATE_FORMATS.api),
  author: resource?.author ?? author,
  tags: resource?.tags ?? [],
  body: resource?.body ?? '',
});

/** /resources/new and /resources/{id}/edit: every field of an article, Save, Publish or Unpublish, Delete. */
export function ResourceEditor({ resource }: { resource?: Resource }) {
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const tags = useResourceTags();
  const create = useCreateResource();
  const update = useUpdateResource(resource?.id ?? 0);
  const remove = useDeleteResource();
  const [bodyImageError, setBodyImageError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [cover, setCover] = useState<Cover>({
    name: null,
    url: resource?.image ?? null,
    changed: false,
  });
  const form = useForm<Values>({
    initialValues: initialValues(resource, displayName(user)),
    validate: (values) => (values.title.trim() ? {} : { title: 'This field is required' }),
  });
  const isSaving = create.isPending || update.isPending;

  const save = (published: boolean) =>
    form.onSubmit((values) => {
      setFormError(null);
      const resourceType = Number(values.resource_type) as ResourceType;
      const fields: ResourceChanges = {
        ...values,
        resource_type: resourceType,
        published,
        ...(cover.changed ? { image: cover.name } : {}),
      };
      const options = {
        onSuccess: (saved: Resource) => {
          notifications.show({
            color: 'teal',
            message: saved.published ? 'The article is published' : 'The article is saved',
          });
          void navigate(`/resources/${saved.id}`);
        },
        onError: (error: unknown) => {
          const fieldErrors = isApiError(error) ? error.fieldErrors() : {};
          form.setErrors(pickFieldErrors<Values>(fieldErrors, FIELDS));
          setFormError(
            fieldErrors.image ?? (isApiError(error) ? error.message : 'The article could not be saved'),
          );
        },
      };
      if (resource) update.mutate(fields, options);
      else
        create.mutate(
          {
            ...fields,
            title: values.title,
            resource_type: resourceType,
            author_id: user?.id,
          },
          options,
        );
    })();

  const confirmDelete = () =>
    resource &&
    openConfirmDelete({
      message: RESOURCE_CONFIRM_DELETE,
      onConfirm: () =>
        remove.mutate(resource.id, {
          onSuccess: () => {
            notifications.show({ color: 'teal', message: 'The article was deleted' });
            void navigate('/resources');
          },
          onError: (error) =>
            setFormError(isApiError(error) ? error.message : 'The article could not be deleted'),
        }),
    });

  const isPublished = resource?.published ?? false;
  return (
    <form onSubmit={(event) => event.preventDefault()} noValidate>
      <Stack gap="lg" maw={900}>
        {formError ? (
          <Alert color="red" variant="light" title="The article was not saved">
            {formError}
          </Alert>
        ) : null}
        <Paper withBorder p="lg">
          <Stack gap="md">
            <TextInput label="Title" required {...form.getInputProps('title')} />
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              <Select
                label="Type"
                data={TYPE_OPTIONS}
                value={form.values.resource_type}
                onChange={(value) => form.setFieldValue('resource_type', value ?? '0')}
                allowDeselect={false}
                error={form.errors.resource_type}
              />
              <TextInput label="Date" type="date" {...form.getInputProps('date')} />
              <TextInput label="Author" {...form.getInputProps('author')} />
            </SimpleGrid>
            <TagsInput
              label="Tags"
              description="Press Enter after each tag"
              data={(tags.data ?? []).map((tag) => tag.name)}
              value={form.values.tags}
              onChange={(value) => form.setFieldValue('tags', value)}
              error={form.errors.tags}
              clearable
            />
            <CoverField cover={cover} onChange={setCover} />
            <RichTextField
              label="Text"
              value={form.values.body}
              onChange={(html) => form.setFieldValue('body', html)}
              onUploadImage={async (file) => {
                setBodyImageError(null);
                return (await uploadImage(file, setBodyImageError))?.url ?? null;
              }}
            />
            {bodyImageError ? (
              <Group gap="xs" role="alert">
                <Text size="sm" c="red">
                  {bodyImageError}
                </Text>
                <CloseButton size="sm" aria-label="Dismiss" onClick={() => setBodyImageError(null)} />
              </Group>
            ) : null}
          </Stack>
        </Paper>
        <Group justify="space-between">
          <Group gap="sm">
            <Button
              onClick={() => save(isPublished)}
              loading={isSaving}
              variant={isPublished ? 'filled' : 'default'}
            >
              {isPublished ? 'Save' : 'Save draft'}
            </Button>
            <Button
              onClick={() => save(!isPublished)}
              loading={isSaving}
              variant={isPublished ? 'default' : 'filled'}
            >
              {isPublished ? 'Unpublish' : 'Publish'}
            </Button>
            <Button
              component={Link}
              to={resource ? `/resources/${resource.id}` : '/resources'}
              variant="subtle"
            >
              Cancel
            </Button>
          </Group>
          {resource ? (
            <Button
              onClick={confirmDelete}
              loading={remove.isPending}
              color="red"
              variant="light"
              leftSection={<IconTrash size={16} aria-hidden />}
            >
              Delete
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}
