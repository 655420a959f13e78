import { messageResponseSchema } from '../core/api/common';
import { invitationMessages, stopInvitationEmailsPathSchema } from '../core/api/invitations';
import { apiFunction, parseInput, respond } from '../core/runtime/api-function';
import { stopInvitationEmails } from '../core/services/invitations';

/**
 * "Stop emails from this sender": the link of an invitation email, posted by its page in the web
 * app, or by a mail client's one-click unsubscription (RFC 8058; its form body is not read).
 */
export const handler = apiFunction().handler(async (event) => {
  const { token } = parseInput(stopInvitationEmailsPathSchema, event.pathParameters);
  await stopInvitationEmails(token);
  return respond(messageResponseSchema, { message: invitationMessages.stopped });
});
