import { useSearchParams } from 'react-router-dom';
import { emailParam, returnToParam } from '../../config/paths';
import { SignupForm } from '../../features/auth/signup-form';

/** `/signup`, optionally `?email=` (filled in) and `?returnTo=` (where to go once signed in): an invitation's. */
export function SignupPage() {
  const [params] = useSearchParams();
  return (
    <SignupForm
      prefill={{ email: params.get(emailParam)?.trim() || undefined, returnTo: params.get(returnToParam) ?? undefined }}
    />
  );
}
