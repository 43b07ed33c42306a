import type { NewCompany } from '@limbus/contract';
import { CONTRACT_LENGTH_OPTIONS, emailField, MESSAGES } from '@limbus/contract';
import { Alert, Button, Group, Paper, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../../api';
import { type FormErrors, pickFieldErrors } from '../../../ui';
import { useUsers } from '../../admin-users';
import { useCountries, useCreateCompany } from '../api';
import { adminOptions, CREATE_NEW_USER, staffOptions } from '../user-options';

export type NewCompanyValues = {
  name: string;
  address: string;
  postal_code: string;
  city: string;
  country_id: string | null;
  admin: string | null;
  admin_email: string;
  consultant_id: string | null;
  business_developer_id: string | null;
  months: string | null;
};

const REQUIRED = [
  'name',
  'address',
  'postal_code',
  'city',
  'country_id',
  'admin',
  'consultant_id',
  'business_developer_id',
] as const;

/** Save stays disabled until every required field is set (and the new admin's e-mail when asked for). */
export function isCompanyComplete(values: NewCompanyValues): boolean {
  const filled = REQUIRED.every((field) => (values[field] ?? '').trim() !== '');
  return filled && (values.admin !== CREATE_NEW_USER || values.admin_email.trim() !== '');
}

function validate(values: NewCompanyValues): FormErrors<NewCompanyValues> {
  if (values.admin !== CREATE_NEW_USER) return {};
  const email = emailField.safeParse(values.admin_email);
  return email.success ? {} : { admin_email: email.error.issues[0]?.message ?? MESSAGES.invalidEmail };
}

function toBody(values: NewCompanyValues): NewCompany {
  const isNewAdmin = values.admin === CREATE_NEW_USER;
  return {
    name: values.name.trim(),
    address: values.address.trim(),
    postal_code: values.postal_code.trim(),
    city: values.city.trim(),
    country_id: Number(values.country_id),
    consultant_id: Number(values.consultant_id),
    business_developer_id: Number(values.business_developer_id),
    ...(isNewAdmin ? { admin_email: values.admin_email.trim() } : { admin_id: Number(values.admin) }),
    ...(values.months ? { months: Number(values.months) } : {}),
  };
}

const EMPTY: NewCompanyValues = {
  name: '',
  address: '',
  postal_code: '',
  city: '',
  country_id: null,
  admin: null,
  admin_email: '',
  consultant_id: null,
  business_developer_id: null,
  months: null,
};

export function NewCompanyForm() {
  const navigate = useNavigate();
  const users = useUsers();
  const countries = useCountries();
  const create = useCreateCompany();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<NewCompanyValues>({ initialValues: EMPTY, validate });
  const admins = useMemo(() => adminOptions(users.data ?? []), [users.data]);
  const staff = useMemo(() => staffOptions(users.data ?? []), [users.data]);
  const countryOptions = useMemo(
    () => (countries.data ?? []).map((country) => ({ value: String(country.id), label: country.name })),
    [countries.data],
  );
  const select = (field: 'country_id' | 'admin' | 'consultant_id' | 'business_developer_id' | 'months') => ({
    value: form.values[field],
    onChange: (value: string | null) => form.setFieldValue(field, value),
    error: form.errors[field],
  });

  const handleSubmit = form.onSubmit((values) => {
    setFailure(null);
    create.mutate(toBody(values), {
      onSuccess: (answer) => {
        notifications.show({ color: 'teal', message: `${answer.data.name} was created.` });
        void navigate(`/admin/companies/${answer.data.id}`);
      },
      onError: (error) => {
        if (!isApiError(error)) return;
        const found = pickFieldErrors<NewCompanyValues>(error.fieldErrors(), [
          ...REQUIRED,
          'admin_email',
          'months',
        ]);
        if (error.errors.name) found.name = MESSAGES.companyNameTaken;
        if (error.errors.admin)
          found[values.admin === CREATE_NEW_USER ? 'admin_email' : 'admin'] = MESSAGES.adminTaken;
        form.setErrors(found);
        if (Object.keys(found).length === 0) setFailure(error.message);
      },
    });
  });

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} maw={880}>
      <form onSubmit={handleSubmit} noValidate aria-labelledby="new-company-title">
        <Stack gap="md">
          <Title order={2} fz={20} id="new-company-title">
            New company
          </Title>
          {failure ? (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Company name" required {...form.getInputProps('name')} />
            <TextInput label="Address" required {...form.getInputProps('address')} />
            <TextInput label="Postal code" required {...form.getInputProps('postal_code')} />
            <TextInput label="City" required {...form.getInputProps('city')} />
            <Select
              label="Country"
              required
              searchable
              data={countryOptions}
              placeholder={countries.isLoading ? 'Loading…' : 'Choose a country'}
              nothingFoundMessage="No country found"
              {...select('country_id')}
            />
            <Select
              label="Company admin"
              required
              searchable
              data={admins}
              placeholder={users.isLoading ? 'Loading…' : 'Choose a demo user'}
              nothingFoundMessage="No user found"
              {...select('admin')}
            />
            {form.values.admin === CREATE_NEW_USER ? (
              <TextInput
                label="E-mail of the new admin"
                type="email"
                required
                {...form.getInputProps('admin_email')}
              />
            ) : null}
            <Select
              label="Consultant"
              required
              searchable
              data={staff}
              placeholder={users.isLoading ? 'Loading…' : 'Choose a consultant'}
              nothingFoundMessage="No user found"
              {...select('consultant_id')}
            />
            <Select
              label="Account manager"
              required
              searchable
              data={staff}
              placeholder={users.isLoading ? 'Loading…' : 'Choose an account manager'}
              nothingFoundMessage="No user found"
              {...select('business_developer_id')}
            />
            <Select
              label="Subscription length"
              description="Optional: starts a contract today"
              clearable
              allowDeselect
              data={CONTRACT_LENGTH_OPTIONS.map((option) => ({
                value: String(option.months),
                label: option.label,
              }))}
              placeholder="No contract yet"
              {...select('months')}
            />
          </SimpleGrid>
          <Group>
            <Button type="submit" loading={create.isPending} disabled={!isCompanyComplete(form.values)}>
              Save
            </Button>
            <Button component={Link} to="/admin/companies" variant="default">
              Close
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
