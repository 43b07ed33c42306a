import { MESSAGES } from '@limbus/contract';
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { isApiError } from '../../../api';
import { useRequestPasswordReset } from '../api';

/** E-mail and Send; no client rule on the e-mail (spec 1 §5), the server's 400 message is shown. */
export function ForgotPasswordForm() {
  const request = useRequestPasswordReset();
  const form = useForm({ initialValues: { email: '' } });
  const errorMessage = isApiError(request.error) ? request.error.message : null;

  return (
    <Stack gap="md">
      <Title order={1} fz={26}>
        Forgot your password?
      </Title>
      {request.isSuccess ? (
        <Alert color="teal" variant="light" icon={<IconMailCheck size={20} aria-hidden />} aria-live="polite">
          {MESSAGES.resetSent}
        </Alert>
      ) : (
        <form noValidate onSubmit={form.onSubmit(({ email }) => request.mutate(email.trim()))}>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              Enter the e-mail address of your account and we will send you a link to choose a new password.
            </Text>
            {errorMessage ? (
              <Alert color="red" variant="light" role="alert">
                {errorMessage}
              </Alert>
            ) : null}
            <TextInput label="E-mail" type="email" autoComplete="email" {...form.getInputProps('email')} />
            <Button type="submit" loading={request.isPending}>
              Send
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to="/signup" size="sm">
        Back to sign in
      </Anchor>
    </Stack>
  );
}
