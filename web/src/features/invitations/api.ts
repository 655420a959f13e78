import type { MessageResponse } from '@escrow/api/common';
import * as endpoints from '@escrow/api/endpoints';
import type { InvitationPreview } from '@escrow/api/invitations';
import { call } from '../../lib/api';

/** "Stop emails from this sender", with the token of the invitation email's link (no sign-in: the token is the proof). */
export function stopInvitationEmails(token: string): Promise<MessageResponse> {
  return call(endpoints.stopInvitationEmails, { params: { token } });
}

/** The offer an invitation email's link shows before any sign-up (no session: the token is the proof). */
export function getInvitation(token: string): Promise<InvitationPreview> {
  return call(endpoints.getInvitation, { params: { token } });
}
