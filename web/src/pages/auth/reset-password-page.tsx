import { Navigate, useLocation } from 'react-router-dom';
import { paths } from '../../config/paths';
import { ResetPasswordForm } from '../../features/auth/reset-password-form';
import { resetTokenFromHash } from '../../features/auth/reset-token';

/** The emailed reset link; without its token there is nothing to reset, so forgot-password opens. */
export function ResetPasswordPage() {
  const token = resetTokenFromHash(useLocation().hash);
  if (!token) return <Navigate to={paths.forgotPassword.getHref()} replace />;
  return <ResetPasswordForm token={token} />;
}
