import { firstErrorMessage, MESSAGES } from '@limbus/contract';
import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../../api';
import { PasswordField } from '../../../ui';
import { useResetPassword } from '../api';
import { type NewPasswordValues, newPasswordSchema, validateWithPasswordMatch } from '../schemas';

/** New password from a reset link; a mismatch silently blocks (the field shows why). */
export function NewPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<NewPasswordValues>({
    initialValues: { password: '', password2: '' },
    validate: validateWithPasswordMatch(newPasswordSchema),
  });

  if (!token) {
    return (
      <Stack gap="md">
        <Title order={1} fz={26}>
          Choose a new password
        </Title>
        <Alert color="red" variant="light">
          {MESSAGES.linkExpired}
        </Alert>
        <Anchor component={Link} to="/forgot-password" size="sm">
          Request a new link
        </Anchor>
      </Stack>
    );
  }

  const handleSubmit = form.onSubmit((values) => {
    setFailure(null);
    reset.mutate(
      { token, password: values.password },
      {
        onSuccess: () => {
          notifications.show({
            color: 'teal',
            message: 'Your password has been changed. You can sign in now.',
          });
          void navigate('/signup');
        },
        onError: (error) => {
          // the spec keeps and shows only the first error of the list
          if (isApiError(error)) setFailure(firstErrorMessage(error.body) ?? error.message);
        },
      },
    );
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Title order={1} fz={26}>
          Choose a new password
        </Title>
        <Text size="sm" c="dimmed">
          Use at least six characters.
        </Text>
        {failure ? (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        ) : null}
        <PasswordField label="Password" autoComplete="new-password" {...form.getInputProps('password')} />
        <PasswordField
          label="Re-enter password"
          autoComplete="new-password"
          {...form.getInputProps('password2')}
        />
        <Button type="submit" loading={reset.isPending}>
          Change password
        </Button>
      </Stack>
    </form>
  );
}
