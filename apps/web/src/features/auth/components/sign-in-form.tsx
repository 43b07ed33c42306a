import type { User } from '@limbus/contract';
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../../api';
import { PasswordField, zodValidate } from '../../../ui';
import { useSignIn } from '../api';
import { type SignInValues, signInSchema } from '../schemas';

/** How long a sign-in runs before the form says why it may take longer. */
export const SLOW_SIGN_IN_MS = 1500;

/**
 * Whether `isPending` has lasted `ms`: after repeated failed sign-ins for an address the server
 * makes each try wait (up to 30 s, docs/security.md), and the form says so instead of only spinning.
 */
function useIsSlow(isPending: boolean, ms: number): boolean {
  const [isSlow, setIsSlow] = useState(false);
  useEffect(() => {
    setIsSlow(false);
    if (!isPending) return;
    const timer = setTimeout(() => setIsSlow(true), ms);
    return () => clearTimeout(timer);
  }, [isPending, ms]);
  return isSlow;
}

/** The Sign in form; the caller decides where a signed-in user goes. */
export function SignInForm({ onSignedIn }: { onSignedIn: (user: User) => void }) {
  const signIn = useSignIn();
  const isSlow = useIsSlow(signIn.isPending, SLOW_SIGN_IN_MS);
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
        {isSlow ? (
          <Text size="sm" c="dimmed" role="status">
            Still checking. After several failed sign-ins for an address, each further try waits a little
            longer, at most half a minute.
          </Text>
        ) : null}
      </Stack>
    </form>
  );
}
