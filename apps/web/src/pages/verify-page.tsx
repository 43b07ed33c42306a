import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { AuthFrame, VerifyForm } from '../features/auth';

export function VerifyPage() {
  const [params] = useSearchParams();
  useEffect(() => {
    document.title = 'Verify account · Limbus';
  }, []);
  return (
    <AuthFrame>
      <VerifyForm token={params.get('confirmation_token') ?? ''} />
    </AuthFrame>
  );
}
