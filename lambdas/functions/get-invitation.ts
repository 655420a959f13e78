import * as endpoints from '../core/api/endpoints/invitations';
import { endpointFunction } from '../core/runtime/api-function';
import { invitationPreview } from '../core/services/invitations';

/** The offer an invitation email's link shows before any sign-up: no session, the signed token is the proof. */
export const handler = endpointFunction(endpoints.getInvitation, ({ params }) => invitationPreview(params.token));
