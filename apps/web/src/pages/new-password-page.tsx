import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { AuthFrame, NewPasswordForm } from '../features/auth';

export function NewPasswordPage() {
  const [params] = useSearchParams();
  useEffect(() => {
    document.title = 'New password · Limbus';
  }, []);
  return (
    <AuthFrame>
      <NewPasswordForm token={params.get('token') ?? ''} />
    </AuthFrame>
  );
}
