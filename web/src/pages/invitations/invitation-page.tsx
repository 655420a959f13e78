import { useSearchParams } from 'react-router-dom';
import { InvitationOffer } from '../../features/invitations/invitation-offer';

/** The link of an invitation email: `/invitation?token=...`. */
export function InvitationPage() {
  const [params] = useSearchParams();
  return <InvitationOffer token={params.get('token')?.trim() ?? ''} />;
}
