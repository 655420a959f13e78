import { invitationMessages } from '@escrow/api/invitations';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { FormCard } from '../../components/ui/form-card';
import { failureMessage } from '../../lib/api';
import { stopInvitationEmails } from './api';

type Status = { kind: 'stopping' } | { kind: 'stopped'; message: string } | { kind: 'failed'; message: string };

/**
 * The "stop emails from this sender" link of an invitation email: one click, so the page asks at
 * once, with no button to press and no sign-in (whoever was invited may have no account).
 */
export function StopInvitationEmails({ token }: { token: string }) {
  const [status, setStatus] = useState<Status>(
    token ? { kind: 'stopping' } : { kind: 'failed', message: invitationMessages.badStopLink },
  );
  // Asked once, even when the effect runs twice (StrictMode).
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (!token || sent.current === token) return;
    sent.current = token;
    stopInvitationEmails(token).then(
      ({ message }) => setStatus({ kind: 'stopped', message }),
      (error: unknown) =>
        setStatus({ kind: 'failed', message: failureMessage(error, 'Something went wrong. Please open the link again.') }),
    );
  }, [token]);

  return (
    <FormCard title="Invitation Emails">
      {status.kind === 'stopping' && <p className="text-gray-600 dark:text-gray-400">Stopping emails from this sender...</p>}
      {status.kind === 'stopped' && <Alert tone="success">{status.message}</Alert>}
      {status.kind === 'failed' && <Alert tone="error">{status.message}</Alert>}
    </FormCard>
  );
}
