import { confirmSignUp } from 'aws-amplify/auth';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../../components/ui/alert';
import { FormCard } from '../../components/ui/form-card';
import { linkClass } from '../../components/ui/page';
import { paths } from '../../config/paths';
import { timings } from '../../lib/constants';
import { useRedirectAfter } from '../../lib/use-redirect-after';

type Status = { kind: 'confirming' } | { kind: 'confirmed' } | { kind: 'failed'; message: string };

/** Confirms the email of the link Cognito sends after sign-up; a link without its email or code is incomplete. */
export function ConfirmEmail({ email, code }: { email: string; code: string }) {
  if (!email || !code) {
    return (
      <FormCard title="Confirm Email">
        <Alert tone="error">This confirmation link is incomplete. Open the link from your email again.</Alert>
        <LoginLink />
      </FormCard>
    );
  }
  return <ConfirmEmailCode email={email} code={code} />;
}

function LoginLink() {
  return (
    <p className="text-center text-sm">
      <Link to={paths.login.getHref()} className={linkClass}>
        Go to Login
      </Link>
    </p>
  );
}

function ConfirmEmailCode({ email, code }: { email: string; code: string }) {
  const [status, setStatus] = useState<Status>({ kind: 'confirming' });
  // A code works once: the effect running twice (StrictMode) must not send it twice.
  const sent = useRef<string | null>(null);

  useEffect(() => {
    const key = `${email}\n${code}`;
    if (sent.current === key) return;
    sent.current = key;
    confirmSignUp({ username: email, confirmationCode: code }).then(
      () => setStatus({ kind: 'confirmed' }),
      (error: unknown) =>
        setStatus({ kind: 'failed', message: error instanceof Error && error.message ? error.message : 'Confirmation failed.' }),
    );
  }, [email, code]);

  useRedirectAfter(status.kind === 'confirmed', paths.login.getHref(), timings.redirectToLoginMs);

  return (
    <FormCard title="Confirm Email">
      {status.kind === 'confirming' && <p className="text-gray-600 dark:text-gray-400">Confirming your email...</p>}
      {status.kind === 'confirmed' && <Alert tone="success">Your email has been confirmed. Redirecting to login...</Alert>}
      {status.kind === 'failed' && (
        <>
          <Alert tone="error">{status.message}</Alert>
          <LoginLink />
        </>
      )}
    </FormCard>
  );
}
