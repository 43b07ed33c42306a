import type { User } from '@limbus/contract';
import { MESSAGES } from '@limbus/contract';
import { Alert, Anchor, Stack, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../../../api';
import { PageLoader } from '../../../ui';
import { SignInForm } from './sign-in-form';

/**
 * Activates the account on load (pending → valid or expired). A query, not an effect, so the
 * single-use token is sent once even when React mounts twice.
 */
export function Activation({ token, onSignedIn }: { token: string; onSignedIn: (user: User) => void }) {
  const activation = useQuery({
    queryKey: ['confirmation', token],
    queryFn: () =>
      api.post<{ message: string }>('/confirmation', {}, { query: { confirmation_token: token } }),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

  if (token !== '' && activation.isPending) return <PageLoader label="Activating your account" />;

  if (token === '' || activation.isError) {
    return (
      <Stack gap="md">
        <Title order={1} fz={26}>
          Account activation
        </Title>
        <Alert color="red" variant="light" role="alert">
          {MESSAGES.linkExpired}
        </Alert>
        <Anchor component={Link} to="/signup" size="sm">
          Back to sign up
        </Anchor>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Alert color="teal" variant="light" icon={<IconCircleCheck size={20} aria-hidden />}>
        {MESSAGES.activated}
      </Alert>
      <SignInForm onSignedIn={onSignedIn} />
    </Stack>
  );
}
