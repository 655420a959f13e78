import { LoginForm } from '../../features/auth/login-form';

export function LoginPage() {
  return <LoginForm />;
}
