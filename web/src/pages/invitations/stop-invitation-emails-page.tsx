import { useSearchParams } from 'react-router-dom';
import { StopInvitationEmails } from '../../features/invitations/stop-invitation-emails';

/** The stop link of an invitation email: `/stop-invitation-emails?token=...`. */
export function StopInvitationEmailsPage() {
  const [params] = useSearchParams();
  return <StopInvitationEmails token={params.get('token')?.trim() ?? ''} />;
}
