import { invitationPathSchema, invitationPreviewSchema } from '../core/api/invitations';
import { apiFunction, parseInput, respond } from '../core/runtime/api-function';
import { invitationPreview } from '../core/services/invitations';

/** The offer an invitation email's link shows before any sign-up: no session, the signed token is the proof. */
export const handler = apiFunction().handler(async (event) => {
  const { token } = parseInput(invitationPathSchema, event.pathParameters);
  return respond(invitationPreviewSchema, await invitationPreview(token));
});
