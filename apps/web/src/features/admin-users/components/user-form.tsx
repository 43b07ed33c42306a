import { emailField, MESSAGES, type Role, requiredText, type User } from '@limbus/contract';
import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../../api';
import { DetailList, formatDate } from '../../../ui';
import { useCreateUser, useUpdateUser } from '../../members';
import { useCompanies } from '../../organisation';
import type { RoleAndCompany } from '../role-company';
import { RoleCompanyFields } from './role-company-fields';

type Values = {
  email: string;
  first_name: string;
  last_name: string;
  role: Role | null;
  company: number | null;
};

function validate(mode: 'new' | 'edit') {
  return (values: Values) => {
    const errors: Partial<Record<keyof Values, string>> = {};
    if (mode === 'new') {
      const email = emailField.safeParse(values.email);
      if (!email.success) errors.email = email.error.issues[0]?.message;
    } else {
      if (!requiredText().safeParse(values.first_name).success) errors.first_name = MESSAGES.required;
      if (!requiredText().safeParse(values.last_name).success) errors.last_name = MESSAGES.required;
    }
    if (values.role === null) errors.role = MESSAGES.required;
    if (values.company === null) errors.company = MESSAGES.required;
    return errors;
  };
}

/** Whose account is edited: the e-mail (read only here) and the last sign-in. */
function AccountFacts({ user }: { user: User }) {
  return (
    <DetailList
      items={[
        {
          label: 'E-mail',
          value: (
            <Anchor href={`mailto:${user.email}`} style={{ wordBreak: 'break-all' }}>
              {user.email}
            </Anchor>
          ),
        },
        { label: 'Last login', value: user.last_login ? formatDate(user.last_login) : 'Never' },
      ]}
    />
  );
}

/**
 * /admin/users/new (E-mail, Company, Role) and /admin/users/{id} (First name, Last name, Company,
 * Role, with the account's e-mail and last sign-in above them).
 */
export function UserForm({ viewer, user }: { viewer: User; user?: User }) {
  const mode = user ? 'edit' : 'new';
  const navigate = useNavigate();
  const companies = useCompanies();
  const create = useCreateUser();
  const update = useUpdateUser(user ?? { id: 0, company_id: null });
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: {
      email: user?.email ?? '',
      first_name: user?.profile.first_name ?? '',
      last_name: user?.profile.last_name ?? '',
      role: user?.role ?? null,
      company: user?.company_id ?? null,
    },
    validate: validate(mode),
  });
  const pair: RoleAndCompany = { role: form.values.role, companyId: form.values.company };
  const setPair = (next: RoleAndCompany) => {
    form.setFieldValue('role', next.role);
    form.setFieldValue('company', next.companyId);
  };

  const onError = (error: Error) => {
    if (!isApiError(error)) return;
    const fields = error.fieldErrors();
    const found = {
      email: fields.email,
      first_name: fields.first_name,
      last_name: fields.last_name,
      role: fields.role,
      company: fields.company_id,
    };
    form.setErrors(found);
    if (!Object.values(found).some(Boolean)) setFailure(error.message);
  };
  const onSuccess = (message: string) => {
    notifications.show({ color: 'teal', message });
    void navigate('/admin/users');
  };

  const handleSubmit = form.onSubmit((values) => {
    setFailure(null);
    if (values.role === null || values.company === null) return;
    if (mode === 'new') {
      create.mutate(
        { email: values.email.trim(), role: values.role, company_id: values.company },
        { onSuccess: () => onSuccess(`An invitation was sent to ${values.email.trim()}.`), onError },
      );
    } else {
      update.mutate(
        {
          role: values.role,
          company_id: values.company,
          profile: { first_name: values.first_name.trim(), last_name: values.last_name.trim() },
        },
        { onSuccess: () => onSuccess('The user has been saved.'), onError },
      );
    }
  });

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} maw={720}>
      <form onSubmit={handleSubmit} noValidate aria-label={mode === 'new' ? 'New user' : 'Edit user'}>
        <Stack gap="md">
          {failure ? (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          ) : null}
          {user ? <AccountFacts user={user} /> : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {mode === 'new' ? (
              <TextInput label="E-mail" type="email" required {...form.getInputProps('email')} />
            ) : (
              <>
                <TextInput label="First name" required {...form.getInputProps('first_name')} />
                <TextInput label="Last name" required {...form.getInputProps('last_name')} />
              </>
            )}
            <RoleCompanyFields
              value={pair}
              onChange={setPair}
              companies={companies.data ?? []}
              viewerRole={viewer.role}
              errors={{ role: form.errors.role, company: form.errors.company }}
            />
          </SimpleGrid>
          <Group>
            <Button type="submit" loading={create.isPending || update.isPending}>
              Save
            </Button>
            <Button component={Link} to="/admin/users" variant="default">
              Close
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
