import * as z from '../domain/zod';

/**
 * Invitations by email: what the creator of a contract named by email is told, and "stop emails
 * from this sender", the link every invitation email carries (domain/invitation-stop.ts).
 */

/** The web app's page the stop link of an invitation email opens (`?token=`); it asks the API at once. */
export const stopInvitationEmailsPage = '/stop-invitation-emails';

export const invitationMessages = {
  stopped: 'Done: you will get no more invitation emails from this sender.',
  badStopLink: 'This link is not valid. Please open the link from the email as it is.',
} as const;

/**
 * `POST /stop-invitation-emails/{token}`: the token as the email carries it. Mail clients POST it
 * for RFC 8058 one-click unsubscription with a form body (`List-Unsubscribe=One-Click`), which is
 * not read: the token is everything.
 */
export const stopInvitationEmailsPathSchema = z.object({
  token: z
    .string({ message: invitationMessages.badStopLink })
    .check(z.regex(/^[A-Za-z0-9_-]{1,200}\.[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}$/, invitationMessages.badStopLink)),
});
