import { type MessageResponse, messageResponseSchema } from '@escrow/api/common';
import { type InvitationPreview, invitationPreviewSchema } from '@escrow/api/invitations';
import { apiFetch } from '../../lib/api';

/** "Stop emails from this sender", with the token of the invitation email's link (no sign-in: the token is the proof). */
export function stopInvitationEmails(token: string): Promise<MessageResponse> {
  return apiFetch(`/stop-invitation-emails/${encodeURIComponent(token)}`, {
    method: 'POST',
    auth: false,
    schema: messageResponseSchema,
  });
}

/** The offer an invitation email's link shows before any sign-up (no session: the token is the proof). */
export function getInvitation(token: string): Promise<InvitationPreview> {
  return apiFetch(`/invitations/${encodeURIComponent(token)}`, { auth: false, schema: invitationPreviewSchema });
}
