import { ForgotPassword } from '../../features/auth/forgot-password';

export function ForgotPasswordPage() {
  return <ForgotPassword />;
}
