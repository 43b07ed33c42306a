import { useEffect } from 'react';
import { AuthFrame, ForgotPasswordForm } from '../features/auth';

export function ForgotPasswordPage() {
  useEffect(() => {
    document.title = 'Forgot password · Limbus';
  }, []);
  return (
    <AuthFrame>
      <ForgotPasswordForm />
    </AuthFrame>
  );
}
