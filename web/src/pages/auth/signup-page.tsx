import { SignupForm } from '../../features/auth/signup-form';

export function SignupPage() {
  return <SignupForm />;
}
