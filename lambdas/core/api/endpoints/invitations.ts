import { messageResponseSchema } from '../common';
import { invitationPathSchema, invitationPreviewSchema, stopInvitationEmailsPathSchema } from '../invitations';
import type { Endpoint } from './endpoint';

/** Invitations by email, answered without an account: the offer a link shows, and "stop emails from this sender". */

export const stopInvitationEmails = {
  name: 'stop-invitation-emails',
  method: 'POST',
  path: '/stop-invitation-emails/{token}',
  auth: 'public',
  params: stopInvitationEmailsPathSchema,
  response: messageResponseSchema,
} as const satisfies Endpoint;
export const getInvitation = {
  name: 'get-invitation',
  method: 'GET',
  path: '/invitations/{token}',
  auth: 'public',
  params: invitationPathSchema,
  response: invitationPreviewSchema,
} as const satisfies Endpoint;
