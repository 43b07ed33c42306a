import type { User } from '@limbus/contract';
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../../api';
import { PasswordField, zodValidate } from '../../../ui';
import { useSignIn } from '../api';
import { type SignInValues, signInSchema } from '../schemas';

/** The Sign in form; the caller decides where a signed-in user goes. */
export function SignInForm({ onSignedIn }: { onSignedIn: (user: User) => void }) {
  const signIn = useSignIn();
  const [notice, setNotice] = useState<string | null>(null);
  const form = useForm<SignInValues>({
    initialValues: { email: '', password: '' },
    validate: zodValidate(signInSchema),
  });

  const handleSubmit = form.onSubmit((values) => {
    setNotice(null);
    signIn.mutate(
      { email: values.email.trim(), password: values.password },
      {
        onSuccess: (answer) => onSignedIn(answer.user),
        onError: (error) => {
          if (!isApiError(error)) return;
          const contract = error.fieldError('contract');
          const email = [error.fieldError('email'), contract].filter(Boolean).join(' ');
          form.setErrors({ email: email || undefined, password: error.fieldError('password') });
          if (contract) setNotice(contract);
          else if (Object.keys(error.errors).length === 0) setNotice(error.message);
        },
      },
    );
  });

  return (
    <form onSubmit={handleSubmit} noValidate aria-labelledby="sign-in-title">
      <Stack gap="md">
        <div>
          <Title order={2} id="sign-in-title" fz={22}>
            Sign in
          </Title>
          {notice ? (
            <Alert color="red" variant="light" mt="sm" role="alert">
              {notice}
            </Alert>
          ) : (
            <Text size="sm" c="dimmed">
              Welcome back. Sign in to see your tests.
            </Text>
          )}
        </div>
        <TextInput label="E-mail" type="email" autoComplete="email" {...form.getInputProps('email')} />
        <PasswordField label="Password" autoComplete="current-password" {...form.getInputProps('password')} />
        <Anchor component={Link} to="/forgot-password" size="sm">
          Forgot your password?
        </Anchor>
        <Button type="submit" loading={signIn.isPending}>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
