import { useLocation } from 'react-router-dom';
import { ResetLinkRefused, ResetPasswordForm } from '../../features/auth/reset-password-form';
import { readResetLink } from '../../features/auth/reset-token';

/** The emailed reset link; without a usable token there is nothing to reset, so forgot-password opens. */
export function ResetPasswordPage() {
  const link = readResetLink(useLocation().hash);
  if (link.kind === 'token') return <ResetPasswordForm token={link.token} />;
  return <ResetLinkRefused reason={link.kind} />;
}
