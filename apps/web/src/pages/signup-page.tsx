import { Paper, SimpleGrid } from '@mantine/core';
import { useEffect } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useSession } from '../api';
import { AuthFrame, homePathFor, SignInForm, SignUpForm, WelcomeHeader } from '../features/auth';

export function SignupPage() {
  const navigate = useNavigate();
  const { token, user } = useSession();
  useEffect(() => {
    document.title = 'Sign in · Limbus';
  }, []);
  if (token && user) return <Navigate to={homePathFor(user)} replace />;

  return (
    <AuthFrame wide>
      <WelcomeHeader />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }}>
          <SignInForm onSignedIn={(signedIn) => void navigate(homePathFor(signedIn), { replace: true })} />
        </Paper>
        <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }}>
          <SignUpForm />
        </Paper>
      </SimpleGrid>
    </AuthFrame>
  );
}
