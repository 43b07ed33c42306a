import type { User } from '@limbus/contract';
import { MESSAGES } from '@limbus/contract';
import { Alert, Anchor, Stack, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageLoader } from '../../../ui';
import { useActivation } from '../api';
import { SignInForm } from './sign-in-form';

/** Activates the account on load (pending → valid or expired). */
export function Activation({ token, onSignedIn }: { token: string; onSignedIn: (user: User) => void }) {
  const activation = useActivation(token);

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
