import { requiredText, type User } from '@limbus/contract';
import { Button, Group, Paper, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { isApiError } from '../../../api';
import { BlockSkeleton, ErrorAlert, pickFieldErrors, zodValidate } from '../../../ui';
import { useUpdateUser, useUser } from '../api';
import { isMemberRole, MEMBER_ROLE_OPTIONS, type MemberRole } from '../member-roles';

const editMemberSchema = z.object({
  first_name: requiredText(100),
  last_name: requiredText(100),
  role: z.string(),
});
type EditMemberValues = { first_name: string; last_name: string; role: MemberRole };

function EditMemberFields({ member }: { member: User }) {
  const navigate = useNavigate();
  const update = useUpdateUser(member);
  const form = useForm<EditMemberValues>({
    initialValues: {
      first_name: member.profile.first_name,
      last_name: member.profile.last_name,
      role: isMemberRole(member.role) ? member.role : 'company_member',
    },
    validate: zodValidate(editMemberSchema),
  });

  const handleSubmit = form.onSubmit((values) => {
    update.mutate(
      {
        role: values.role,
        profile: { first_name: values.first_name.trim(), last_name: values.last_name.trim() },
      },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: 'The member has been saved.' });
          void navigate('/members/');
        },
        onError: (error) => {
          if (!isApiError(error)) return;
          const found = pickFieldErrors<EditMemberValues>(error.fieldErrors(), [
            'first_name',
            'last_name',
            'role',
          ]);
          form.setErrors(found);
          if (Object.keys(found).length === 0) notifications.show({ color: 'red', message: error.message });
        },
      },
    );
  });

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Edit member">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="First name" {...form.getInputProps('first_name')} />
          <TextInput label="Last name" {...form.getInputProps('last_name')} />
        </SimpleGrid>
        <TextInput label="E-mail" value={member.email} readOnly disabled />
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
          <Button type="submit" loading={update.isPending}>
            Save
          </Button>
          <Button component={Link} to="/members" variant="default">
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function EditMemberForm({ memberId }: { memberId: number }) {
  const member = useUser(memberId);
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} maw={640}>
      {member.isLoading ? <BlockSkeleton height={260} /> : null}
      {member.isError ? <ErrorAlert error={member.error} title="This member could not be loaded" /> : null}
      {member.data ? <EditMemberFields key={member.data.id} member={member.data} /> : null}
    </Paper>
  );
}
