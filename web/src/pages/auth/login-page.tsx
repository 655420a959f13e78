import { useSearchParams } from 'react-router-dom';
import { emailParam, returnToParam } from '../../config/paths';
import { LoginForm } from '../../features/auth/login-form';

/** `/login`, optionally `?email=` (filled in) and `?returnTo=` (where to go once signed in): an invitation's. */
export function LoginPage() {
  const [params] = useSearchParams();
  return (
    <LoginForm
      prefill={{ email: params.get(emailParam)?.trim() || undefined, returnTo: params.get(returnToParam) ?? undefined }}
    />
  );
}
