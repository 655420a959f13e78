import { currencyCodes } from '../domain/money';
import * as z from '../domain/zod';

/**
 * Invitations by email: what the creator of a contract named by email is told, the offer the
 * invitation's link shows before any sign-up (domain/invitation-link.ts), and "stop emails from
 * this sender", the link every invitation email carries (domain/invitation-stop.ts).
 */

/** The web app's page the stop link of an invitation email opens (`?token=`); it asks the API at once. */
export const stopInvitationEmailsPage = '/stop-invitation-emails';

/** The web app's page the invitation email's link opens (`?token=`): the offer, for someone not signed in. */
export const invitationPage = '/invitation';

export const invitationMessages = {
  stopped: 'Done: you will get no more invitation emails from this sender.',
  badStopLink: 'This link is not valid. Please open the link from the email as it is.',
  /**
   * Any link that shows no offer: not one we signed, for a contract gone, answered or offered to
   * someone else, or already taken up by the account made from it (whose contract opens after login).
   */
  invitationClosed:
    'This invitation link is not valid or the offer is no longer open. If you already created your account, log in to see the contract.',
} as const;

/** An invitation link's token: `<contract id>.<signature>` (domain/invitation-link.ts). */
const invitationTokenPattern = /^[0-9A-Za-z]{1,64}\.[A-Za-z0-9_-]{43}$/;

/** `GET /invitations/{token}`: the token as the email's link carries it. */
export const invitationPathSchema = z.object({
  token: z
    .string({ message: invitationMessages.invitationClosed })
    .check(z.regex(invitationTokenPattern, invitationMessages.invitationClosed)),
});

/**
 * The contract an invitation link's token names (upper case, as ids are kept), or null when it has
 * no such shape; not proof of anything (the signature is checked by the server): the web uses it only
 * to send a signed-in person, or one whose account already took the contract up, to its page.
 */
export function invitationLinkContractId(token: string): string | null {
  return invitationTokenPattern.test(token) ? (token.split('.')[0] ?? '').toUpperCase() : null;
}

/**
 * The offer as the invited person sees it before they have an account: who offers it (their name,
 * never their email or bank details), what, for how much, the inspection window, and the address it
 * was sent to (the sign-up is prefilled with it). Nothing else of the contract or the seller.
 */
export const invitationPreviewSchema = z.object({
  contract_id: z.string(),
  seller_name: z.string(),
  title: z.string(),
  value_minor: z.int(),
  currency: z.enum(currencyCodes),
  inspection_days: z.int(),
  invited_email: z.string(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

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
