import * as endpoints from '../core/api/endpoints/invitations';
import { invitationMessages } from '../core/api/invitations';
import { endpointFunction } from '../core/runtime/api-function';
import { stopInvitationEmails } from '../core/services/invitations';

/**
 * "Stop emails from this sender": the link of an invitation email, posted by its page in the web
 * app, or by a mail client's one-click unsubscription (RFC 8058; its form body is not read).
 */
export const handler = endpointFunction(endpoints.stopInvitationEmails, async ({ params }) => {
  await stopInvitationEmails(params.token);
  return { message: invitationMessages.stopped };
});
