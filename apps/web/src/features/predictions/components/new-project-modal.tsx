import { PROJECT_DESCRIPTION_MAX, PROJECT_NAME_MAX } from '@limbus/contract';
import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../api';
import { ErrorAlert } from '../../../ui';
import { useCreateProject } from '../api';

/** The New project modal of /predictions/projects: a name and an optional description; then the project. */
export function NewProjectModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const form = useForm({
    initialValues: { name: '', description: '' },
    validate: { name: (name) => (name.trim() ? null : 'Give the project a name') },
  });
  const create = useCreateProject();
  const navigate = useNavigate();

  const close = () => {
    if (create.isPending) return;
    form.reset();
    create.reset();
    onClose();
  };

  const submit = form.onSubmit(({ name, description }) =>
    create.mutate(
      { name: name.trim(), description: description.trim() },
      { onSuccess: (project) => navigate(`/predictions/projects/${project.id}`) },
    ),
  );

  const fieldError = isApiError(create.error) ? create.error.fieldError('name') : undefined;
  return (
    <Modal opened={opened} onClose={close} title="New project" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Name"
            placeholder="e.g. Shop relaunch 2027"
            {...form.getInputProps('name')}
            error={form.errors.name ?? fieldError}
            maxLength={PROJECT_NAME_MAX}
            required
            data-autofocus
          />
          <Textarea
            label="Description"
            placeholder="What the heatmaps of this project are for"
            {...form.getInputProps('description')}
            maxLength={PROJECT_DESCRIPTION_MAX}
            autosize
            minRows={2}
          />
          {create.isError && !fieldError ? (
            <ErrorAlert error={create.error} title="The project could not be made" />
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create project
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
