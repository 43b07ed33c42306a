import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { PasswordField } from '../../../ui';
import { useConfirmation } from '../api';
import { type VerifyValues, validateWithPasswordMatch, verifySchema } from '../schemas';

/** Accepting an invitation: names and password. A failure only stops the loading (spec 1 §8). */
export function VerifyForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const confirm = useConfirmation();
  const form = useForm<VerifyValues>({
    initialValues: { first_name: '', last_name: '', password: '', password2: '' },
    validate: validateWithPasswordMatch(verifySchema),
  });

  const handleSubmit = form.onSubmit((values) => {
    confirm.mutate(
      {
        token,
        body: {
          password: values.password,
          profile: { first_name: values.first_name.trim(), last_name: values.last_name.trim() },
        },
      },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: 'Your account is ready. Sign in to start.' });
          void navigate('/signup');
        },
      },
    );
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Title order={1} fz={26}>
          Set up your account
        </Title>
        <Text size="sm" c="dimmed">
          You have been invited to Limbus. Tell us your name and choose a password.
        </Text>
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            label="First name"
            autoComplete="given-name"
            miw={160}
            {...form.getInputProps('first_name')}
          />
          <TextInput
            label="Last name"
            autoComplete="family-name"
            miw={160}
            {...form.getInputProps('last_name')}
          />
        </Group>
        <PasswordField label="Password" autoComplete="new-password" {...form.getInputProps('password')} />
        <PasswordField
          label="Re-enter password"
          autoComplete="new-password"
          {...form.getInputProps('password2')}
        />
        <Button type="submit" loading={confirm.isPending}>
          Verify Account
        </Button>
      </Stack>
    </form>
  );
}
