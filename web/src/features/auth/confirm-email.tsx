import { confirmEmailRequestSchema } from '@escrow/api/identity';
import { useState } from 'react';
import * as z from 'zod';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { FormCard } from '../../components/ui/form-card';
import { paths } from '../../config/paths';
import { timings } from '../../lib/constants';
import { useApiForm } from '../../lib/form';
import { useRedirectAfter } from '../../lib/use-redirect-after';
import { useSubmit } from '../../lib/use-submit';
import { confirmEmail, removeSignup } from './api';
import { LoginLink } from './login-link';
import { authPageMessages } from './messages';
import { requiredField } from './required-field';

/** What the emailed links carry: the email, and the code (confirm) or the removal token (this was not me). */
export interface ConfirmationLink {
  email: string;
  code: string;
  /** The token of "This was not me" (both links carry it). */
  removal: string;
  /** Opened from "This was not me". */
  notMe: boolean;
}

const passwordSchema = z.object({
  password: requiredField('Please enter your password.', confirmEmailRequestSchema.shape.password),
});

/**
 * The links of the confirmation email. Confirming asks for the password chosen at sign-up: the
 * account is confirmed only for whoever chose it, so nobody who signed up with someone else's
 * address gets it confirmed by its owner's click. "This was not me" removes such a sign-up.
 */
export function ConfirmEmail({ link }: { link: ConfirmationLink }) {
  const [removing, setRemoving] = useState(link.notMe);
  if (!link.email || (!removing && !link.code) || (removing && !link.removal)) {
    return (
      <FormCard title="Confirm Email">
        <Alert tone="error">This confirmation link is incomplete. Open the link from your email again.</Alert>
        <GoToLogin />
      </FormCard>
    );
  }
  if (removing) return <RemoveSignup email={link.email} token={link.removal} />;
  return <ConfirmWithPassword link={link} onNotMe={link.removal ? () => setRemoving(true) : undefined} />;
}

/** To login, with the confirmed address filled in (a page remembered before sign-up opens after it: lib/after-sign-in.ts). */
function GoToLogin({ email }: { email?: string }) {
  return <LoginLink email={email}>Go to Login</LoginLink>;
}

function ConfirmWithPassword({ link, onNotMe }: { link: ConfirmationLink; onNotMe: (() => void) | undefined }) {
  const form = useApiForm(passwordSchema, { fallback: 'Confirmation failed.', defaultValues: { password: '' } });
  const [confirmed, setConfirmed] = useState(false);
  useRedirectAfter(confirmed, paths.login.getHref({ email: link.email }), timings.redirectToLoginMs);

  const submit = form.submit(
    ({ password }) => confirmEmail({ email: link.email, code: link.code, password }),
    () => setConfirmed(true),
  );

  return (
    <FormCard title="Confirm Email">
      {confirmed ? (
        <Alert tone="success">Your email has been confirmed. Redirecting to login...</Alert>
      ) : (
        <form noValidate onSubmit={submit} className="space-y-4">
          <p className="text-gray-600 dark:text-gray-400">
            To confirm <strong>{link.email}</strong>, enter the password you chose when you signed up.
          </p>
          <TextField label="Password" type="password" autoComplete="current-password" required {...form.field('password')} />
          {form.error && <Alert tone="error">{form.error}</Alert>}
          <Button type="submit" className="w-full" disabled={form.working}>
            {form.working ? 'Confirming...' : 'Confirm Email'}
          </Button>
          {onNotMe && (
            <Button type="button" variant="secondary" className="w-full" onClick={onNotMe}>
              This was not me
            </Button>
          )}
        </form>
      )}
      <GoToLogin email={link.email} />
    </FormCard>
  );
}

function RemoveSignup({ email, token }: { email: string; token: string }) {
  const submission = useSubmit(authPageMessages.unexpected);
  const [removed, setRemoved] = useState<string | null>(null);
  const remove = async () => {
    const reply = await submission.run(() => removeSignup({ email, token }));
    if (reply) setRemoved(reply.message);
  };
  return (
    <FormCard title="This Was Not Me">
      {removed ? (
        <Alert tone="success">{removed}</Alert>
      ) : (
        <div className="space-y-4">
          <p className="text-gray-600 dark:text-gray-400">
            Someone signed up for MiddleMan with <strong>{email}</strong>. If it was not you, remove that sign-up: nobody will be
            able to use it, and you can still sign up with this address yourself.
          </p>
          {submission.error && <Alert tone="error">{submission.error}</Alert>}
          <Button type="button" className="w-full" disabled={submission.working} onClick={remove}>
            {submission.working ? 'Removing...' : 'Remove This Sign-up'}
          </Button>
        </div>
      )}
      <GoToLogin />
    </FormCard>
  );
}
