import { passwordMinLength } from '@escrow/domain/identity';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { FormCard } from '../../components/ui/form-card';
import { paths } from '../../config/paths';
import { timings } from '../../lib/constants';
import { useRedirectAfter } from '../../lib/use-redirect-after';
import { confirmPasswordReset } from './api';
import { setPasswordFailure } from './errors';
import { authPageMessages } from './messages';
import type { ResetLink } from './reset-token';

/**
 * Spec §2 "Reset password" without a usable link: it says why (spec §8 "Reset"), then
 * forgot-password opens, where a new link can be asked for.
 */
export function ResetLinkRefused({ reason }: { reason: Exclude<ResetLink['kind'], 'token'> }) {
  useRedirectAfter(true, paths.forgotPassword.getHref(), timings.resetLinkRedirectMs);
  return (
    <FormCard title="Set a New Password">
      <Alert tone="error">
        {reason === 'missing' ? authPageMessages.resetLinkMissing : authPageMessages.resetLinkUnreadable}
      </Alert>
    </FormCard>
  );
}

/** Spec §2 "Reset password": a new password for the account of the emailed link's token. */
export function ResetPasswordForm({ token }: { token: string }) {
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
    if (!password || !confirm) return setError(authPageMessages.fillBothPasswords);
    if (password !== confirm) return setError(authPageMessages.passwordsDoNotMatch);
    if (password.length < passwordMinLength) return setError(authPageMessages.passwordTooShort);
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
