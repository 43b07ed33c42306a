import { emailField, type User } from '@limbus/contract';
import { Button, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { isApiError } from '../../../api';
import { zodValidate } from '../../../ui';
import { useCreateUser } from '../api';
import { isMemberRole, MEMBER_ROLE_OPTIONS, type MemberRole } from '../member-roles';

const addMemberSchema = z.object({ email: emailField, role: z.string() });
type AddMemberValues = { email: string; role: MemberRole };

/** Invites a member to the viewer's company; a server e-mail error shows on the field. */
export function AddMemberForm({ viewer }: { viewer: User }) {
  const navigate = useNavigate();
  const create = useCreateUser();
  const form = useForm<AddMemberValues>({
    initialValues: { email: '', role: 'company_member' },
    validate: zodValidate(addMemberSchema),
  });

  const handleSubmit = form.onSubmit((values) => {
    if (viewer.company_id === null) return;
    create.mutate(
      { email: values.email.trim(), role: values.role, company_id: viewer.company_id },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: `An invitation was sent to ${values.email.trim()}.` });
          void navigate('/members/');
        },
        onError: (error) => {
          if (!isApiError(error)) return;
          form.setFieldError('email', error.fieldError('email') ?? error.message);
        },
      },
    );
  });

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} maw={560}>
      <form onSubmit={handleSubmit} noValidate aria-label="Add a new member">
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            The new member gets an e-mail with a link to choose a name and a password.
          </Text>
          <TextInput label="E-mail" type="email" autoComplete="off" {...form.getInputProps('email')} />
          <Select
            label="Role"
            data={MEMBER_ROLE_OPTIONS}
            value={form.values.role}
            onChange={(value) => {
              if (isMemberRole(value)) form.setFieldValue('role', value);
            }}
            error={form.errors.role}
          />
          <Group>
            <Button type="submit" loading={create.isPending}>
              Add member
            </Button>
            <Button component={Link} to="/members" variant="default">
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
