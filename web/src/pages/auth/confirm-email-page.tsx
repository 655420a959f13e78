import { useSearchParams } from 'react-router-dom';
import { ConfirmEmail } from '../../features/auth/confirm-email';

/**
 * The links of the sign-up confirmation email: `/confirm-email?email=...&code=...&t=...` (confirm)
 * and `/confirm-email?email=...&not_me=...` (this was not me).
 */
export function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const notMe = params.get('not_me')?.trim() ?? '';
  return (
    <ConfirmEmail
      link={{
        email: params.get('email')?.trim() ?? '',
        code: params.get('code')?.trim() ?? '',
        removal: notMe || (params.get('t')?.trim() ?? ''),
        notMe: notMe !== '',
      }}
    />
  );
}
