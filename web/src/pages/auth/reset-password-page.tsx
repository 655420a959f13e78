import { type FormEvent, useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { passwordMinLength } from '../../../../lambdas/core/contracts/identity';
import { paths } from '../../app/paths';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { FormCard } from '../../components/ui/form-card';
import { confirmPasswordReset } from '../../features/auth/api';
import { setPasswordFailure } from '../../features/auth/errors';
import { authMessages } from '../../features/auth/messages';
import { resetTokenFromHash } from '../../features/auth/reset-token';
import { timings } from '../../lib/constants';
import { useRedirectAfter } from '../../lib/use-redirect-after';

export function ResetPasswordPage() {
  const token = resetTokenFromHash(useLocation().hash);
  if (!token) return <Navigate to={paths.forgotPassword.getHref()} replace />;
  return <ResetPasswordForm token={token} />;
}

function ResetPasswordForm({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  useRedirectAfter(success !== null, paths.login.getHref(), timings.redirectToLoginMs);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (working || success) return;
    setError(null);
    if (!password || !confirm) return setError(authMessages.fillBothPasswords);
    if (password !== confirm) return setError(authMessages.passwordsDoNotMatch);
    if (password.length < passwordMinLength) return setError(authMessages.passwordTooShort);
    setWorking(true);
    try {
      const reply = await confirmPasswordReset(token, password);
      setSuccess(reply.message);
    } catch (failure) {
      setError(setPasswordFailure(failure));
    } finally {
      setWorking(false);
    }
  }

  return (
    <FormCard title="Set a New Password">
      <form noValidate onSubmit={submit} className="space-y-4">
        <TextField
          label="New Password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <TextField
          label="Confirm New Password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          value={confirm}
          onChange={(event) => setConfirm(event.target.value)}
        />
        {error && <Alert tone="error">{error}</Alert>}
        {success && <Alert tone="success">{success}</Alert>}
        <Button type="submit" className="w-full" disabled={working || success !== null}>
          {working ? 'Saving...' : 'Set New Password'}
        </Button>
      </form>
    </FormCard>
  );
}
