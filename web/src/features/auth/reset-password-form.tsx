import { useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { FormCard } from '../../components/ui/form-card';
import { paths } from '../../config/paths';
import { timings } from '../../lib/constants';
import { useApiForm } from '../../lib/form';
import { useRedirectAfter } from '../../lib/use-redirect-after';
import { confirmPasswordReset } from './api';
import { setPasswordFailure } from './errors';
import { authPageMessages } from './messages';
import { resetPasswordFormSchema } from './reset-password-schema';
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
  const form = useApiForm(resetPasswordFormSchema, {
    fallback: authPageMessages.unexpected,
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const [success, setSuccess] = useState<string | null>(null);

  useRedirectAfter(success !== null, paths.login.getHref(), timings.redirectToLoginMs);

  const submit = form.submit(async ({ newPassword }) => {
    try {
      const reply = await confirmPasswordReset(token, newPassword);
      setSuccess(reply.message);
    } catch (failure) {
      // Spec §8 puts the server's reason after 'Failed to set new password: '.
      form.refuse(setPasswordFailure(failure));
    }
  });

  return (
    <FormCard title="Set a New Password">
      <form noValidate onSubmit={submit} className="space-y-4">
        <TextField
          label="New Password"
          type="password"
          autoComplete="new-password"
          required
          error={form.fieldError('newPassword')}
          // A changed password checks its confirmation again, so a stale 'do not match' goes away.
          {...form.register('newPassword', { deps: 'confirmPassword' })}
        />
        <TextField
          label="Confirm New Password"
          type="password"
          autoComplete="new-password"
          required
          {...form.field('confirmPassword')}
        />
        {form.error && <Alert tone="error">{form.error}</Alert>}
        {success && <Alert tone="success">{success}</Alert>}
        <Button type="submit" className="w-full" disabled={form.working || success !== null}>
          {form.working ? 'Saving...' : 'Set New Password'}
        </Button>
      </form>
    </FormCard>
  );
}
