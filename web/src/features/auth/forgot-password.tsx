import { emailSchema } from '@escrow/api/identity';
import { useEffect, useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { FormCard } from '../../components/ui/form-card';
import { useDevice } from '../../lib/device-provider';
import { useApiForm } from '../../lib/form';
import { getSecurityQuestion, verifyAnswerAndReset } from './api';
import { resetAnswerFailure, securityQuestionFailure } from './errors';
import { forgotPasswordAnswerSchema, forgotPasswordEmailSchema } from './forgot-password-schema';
import { LoginLink } from './login-link';
import { authPageMessages } from './messages';

/** The account the first step found: its email (as the server reads it) and its security question. */
interface FoundAccount {
  email: string;
  question: string;
}

/**
 * The link emailed to an account whose answers were paused by someone's wrong ones:
 * `/forgot-password#email=...&unlock=...` (a fragment: it never reaches a server or a referrer).
 */
interface UnlockLink {
  email: string;
  unlock: string;
}

function readUnlockLink(hash: string): UnlockLink | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const email = params.get('email');
  const unlock = params.get('unlock');
  return email && unlock ? { email, unlock } : null;
}

/** Spec §2 "Forgot password": the email, then the security question, then a reset link by email. */
export function ForgotPassword() {
  const [account, setAccount] = useState<FoundAccount | null>(null);
  const [sent, setSent] = useState(false);
  const [unlockLink] = useState(() => readUnlockLink(window.location.hash));
  // Once read, taken out of the address bar, so the proof is not kept in history or shared.
  useEffect(() => {
    if (unlockLink) window.history.replaceState(window.history.state, '', window.location.pathname);
  }, [unlockLink]);

  if (account && sent) {
    return (
      <FormCard title="Email Sent">
        <Alert tone="success">We have emailed a password reset link to {account.email}. Open it to choose a new password.</Alert>
        <LoginLink />
      </FormCard>
    );
  }

  return (
    <FormCard
      title="Forgot Password"
      subtitle={account ? 'Answer your security question.' : 'Enter your email address to reset your password.'}
    >
      {unlockLink && !account && (
        <Alert tone="info">Your link lets you answer your security question again now, for 30 minutes.</Alert>
      )}
      {account ? (
        <AnswerForm
          account={account}
          unlock={unlockLink?.email === account.email ? unlockLink.unlock : undefined}
          onSent={() => setSent(true)}
        />
      ) : (
        <EmailForm email={unlockLink?.email} onFound={setAccount} />
      )}
      <LoginLink />
    </FormCard>
  );
}

function EmailForm({ email, onFound }: { email?: string; onFound: (account: FoundAccount) => void }) {
  const { deviceId } = useDevice();
  const form = useApiForm(forgotPasswordEmailSchema, {
    fallback: authPageMessages.questionLookupFailed,
    defaultValues: { email: email ?? '' },
  });

  const submit = form.submit(async ({ email }) => {
    const address = emailSchema.parse(email);
    try {
      const question = await getSecurityQuestion(address, deviceId);
      if (question) onFound({ email: address, question });
      else form.refuse(authPageMessages.questionNotFound);
    } catch (failure) {
      // Spec §8 words these failures itself (a throttled lookup says to wait 30 minutes).
      form.refuse(securityQuestionFailure(failure));
    }
  });

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <TextField label="Email" type="email" autoComplete="email" required {...form.field('email')} />
      {form.error && <Alert tone="error">{form.error}</Alert>}
      <Button type="submit" className="w-full" disabled={form.working}>
        {form.working ? 'Checking...' : 'Continue'}
      </Button>
    </form>
  );
}

function AnswerForm({ account, unlock, onSent }: { account: FoundAccount; unlock?: string; onSent: () => void }) {
  const { deviceId } = useDevice();
  const form = useApiForm(forgotPasswordAnswerSchema, {
    fallback: authPageMessages.verificationFailed,
    defaultValues: { securityAnswer: '' },
  });

  const submit = form.submit(async ({ securityAnswer }) => {
    try {
      await verifyAnswerAndReset(account.email, securityAnswer, deviceId, unlock);
      onSent();
    } catch (failure) {
      // Spec §8 words these failures itself (a 401 is an incorrect answer, a 429 says to wait).
      form.refuse(resetAnswerFailure(failure));
    }
  });

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <div>
        <p className="text-sm font-medium text-gray-700 dark:text-gray-300">Security Question</p>
        <p className="mt-1 rounded-md bg-gray-50 px-3 py-2 dark:bg-gray-800">{account.question}</p>
      </div>
      <TextField label="Security Answer" autoComplete="off" required {...form.field('securityAnswer')} />
      {form.error && <Alert tone="error">{form.error}</Alert>}
      <Button type="submit" className="w-full" disabled={form.working}>
        {form.working ? 'Verifying...' : 'Send Reset Link'}
      </Button>
    </form>
  );
}
