import { useSearchParams } from 'react-router-dom';
import { ConfirmEmail } from '../../features/auth/confirm-email';

/** The link Cognito emails after sign-up: `/confirm-email?email=...&code=...`. */
export function ConfirmEmailPage() {
  const [params] = useSearchParams();
  return <ConfirmEmail email={params.get('email')?.trim() ?? ''} code={params.get('code')?.trim() ?? ''} />;
}
