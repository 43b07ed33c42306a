import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Activation, AuthFrame } from '../features/auth';

export function ActivatePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  useEffect(() => {
    document.title = 'Activate account · Limbus';
  }, []);
  return (
    <AuthFrame>
      <Activation
        token={params.get('confirmation_token') ?? ''}
        onSignedIn={() => void navigate('/demo', { replace: true })}
      />
    </AuthFrame>
  );
}
