import { apiLink, appLink, oneClickUnsubscribeHeaders, sendStepEmail } from '../adapters/email';
import { logger } from '../adapters/logger';
import { getSecret } from '../adapters/secrets';
import {
  type InvitationPreview,
  invitationLinkContractId,
  invitationMessages,
  invitationPage,
  stopInvitationEmailsPage,
} from '../api/invitations';
import { NotFoundError, ValidationError } from '../domain/errors';
import { type Contract, isInvitation } from '../domain/escrow-contract';
import { invitationLinkToken, isInvitationLinkFor } from '../domain/invitation-link';
import { addressDigest, invitationStopToken, readInvitationStopToken } from '../domain/invitation-stop';
import { formatAmount } from '../domain/money';
import { invitationEmailRule } from '../domain/throttle-rules';
import { type ContractChanges, contractUpdate, getContract } from '../entities/contract';
import { deleteInvitation, invitationDelete, listInvitations } from '../entities/invitation';
import { isInvitationStopped, putInvitationStop } from '../entities/invitation-stop';
import { notificationItems } from '../entities/notification';
import { getProfile } from '../entities/profile';
import { onConditionFailed, type TransactItem, transactWrite } from '../entities/table';
import { heldBackNotice, mayTellUnasked } from './notifications';
import { displayName, newContractNotice } from './people';
import { countIfWithin } from './throttles';

/**
 * Invitations by email: a contract offered to an email nobody has an account with waits for its
 * person. Whoever signs in with that email (Cognito has verified it: an unconfirmed account
 * cannot sign in) takes it up: the contract's acceptor becomes them, once, by a write conditional
 * on the contract being unchanged since it was read.
 */

/**
 * Whether a contract named by email may be emailed to that address: not once the address stopped
 * emails from this sender, and only within the sender's invitation emails for the hour (counted
 * here, in one conditional write: racing creations cannot pass the limit). The same for an address
 * with an account as for one without, so what the creator is told never says which it is.
 */
export async function mayEmailNamed(sender: { sub: string; created_at?: string }, email: string): Promise<boolean> {
  if (await hasStoppedEmailsFrom(email, sender.sub)) return false;
  return countIfWithin(invitationEmailRule(sender.created_at), sender.sub);
}

/** Whether `email` stopped emails from `sender` (the stop link of an invitation from them). */
export async function hasStoppedEmailsFrom(email: string, sender: string): Promise<boolean> {
  return isInvitationStopped({ sender, addressDigest: addressDigest(await getSecret('app'), email) });
}

/**
 * The invitation email: the link to its offer (a token signed for this contract and address,
 * domain/invitation-link.ts: the page shows the offer and signs up from there), and a one-click
 * "stop emails from this sender" (a signed token, also in an RFC 8058 List-Unsubscribe header). The subject is
 * ours alone and the body carries none of the sender's words but the contract's title (escaped in
 * the HTML part, domain/email-templates.ts), not even their name: it is the text anyone can type
 * and have us send to an address nobody vouched for. Best effort.
 */
export async function inviteByEmail(email: string, contract: Contract): Promise<void> {
  try {
    const key = await getSecret('app');
    const token = invitationStopToken(key, contract.creator_id, email);
    const offer = invitationLinkToken(key, contract.id, email);
    const amount = formatAmount(contract.value_minor, contract.currency);
    await sendStepEmail(
      email,
      'contract-invitation',
      {
        name: email,
        title: contract.title,
        message: `A seller on MiddleMan offered you a contract, "${contract.title}", for ${amount}. With MiddleMan escrow you pay into escrow, the seller delivers, and the money is released to them only when you are satisfied. Create your free account with this email address to see the contract and who offered it.`,
        link: appLink(`${invitationPage}?${new URLSearchParams({ token: offer })}`),
        stop_link: appLink(`${stopInvitationEmailsPage}?${new URLSearchParams({ token })}`),
      },
      oneClickUnsubscribeHeaders(apiLink(`/stop-invitation-emails/${token}`)),
    );
  } catch (error) {
    logger.warn('Invitation not sent', { contractId: contract.id, error: error as Error });
  }
}

/**
 * The offer an invitation link shows to someone not signed in: while the contract still waits, as
 * offered, for the address the link was signed for. Anything else (a token we did not sign, a
 * contract gone, answered, or taken up by the account made from the link) is the same 404, so the
 * route tells nobody without the email anything, not even whether a contract exists. The seller is
 * shown by the name on their profile, never by their email.
 */
export async function invitationPreview(token: string): Promise<InvitationPreview> {
  const contractId = invitationLinkContractId(token);
  const contract = contractId ? await getContract(contractId) : undefined;
  const invitedEmail = contract?.invited_email;
  const open =
    contract &&
    invitedEmail &&
    isInvitation(contract.acceptor_id) &&
    // Only an offer that can still be accepted.
    contract.status === 'pending' &&
    isInvitationLinkFor(await getSecret('app'), token, { id: contract.id, invited_email: invitedEmail });
  if (!open) throw new NotFoundError(invitationMessages.invitationClosed);
  const seller = await getProfile(contract.creator_id);
  return {
    contract_id: contract.id,
    seller_name: seller?.full_name?.trim() || 'A seller on MiddleMan',
    title: contract.title,
    value_minor: contract.value_minor,
    currency: contract.currency,
    inspection_days: contract.inspection_days,
    invited_email: invitedEmail,
  };
}

/**
 * The stop link used (by a click, or by a mail client's one-click unsubscription): that sender's
 * invitations to that address are made from now on but no longer emailed. A token we did not sign
 * is refused (400); a valid one used again changes nothing. The answer is the same whoever the
 * address belongs to: the route never even learns the address.
 */
export async function stopInvitationEmails(token: string): Promise<void> {
  const stop = readInvitationStopToken(await getSecret('app'), token);
  if (!stop) throw new ValidationError(invitationMessages.badStopLink);
  await putInvitationStop(stop, new Date().toISOString());
}

/**
 * The changes and items that hand a contract offered to `sub`'s email over to them (empty when it
 * is not such a contract, or was offered to another email): part of the accept or reject that
 * takes it up, so the contract is theirs and answered in one write.
 */
export async function invitationTakenUpBy(
  contract: Contract,
  sub: string,
): Promise<{ set: ContractChanges; items: TransactItem[] }> {
  if (!isInvitation(contract.acceptor_id) || !contract.invited_email) return { set: {}, items: [] };
  const profile = await getProfile(sub);
  if (profile?.email !== contract.invited_email) return { set: {}, items: [] };
  return { set: { acceptor_id: sub }, items: [invitationDelete(contract.invited_email, contract.id)] };
}

/**
 * Takes up every contract waiting for `email` (at sign-in): each becomes `sub`'s to accept, and
 * they are told as for a contract made for them. A contract deleted, or already taken up, only
 * loses its invitation. Safe to run again, and at once from two sign-ins.
 */
export async function takeUpInvitations(sub: string, email: string): Promise<void> {
  for (const invitation of await listInvitations(email)) {
    const contract = await getContract(invitation.contract_id);
    if (!contract || !isInvitation(contract.acceptor_id) || contract.invited_email !== email) {
      await deleteInvitation(email, invitation.contract_id);
      continue;
    }
    const seller = await displayName(contract.creator_id);
    const now = new Date().toISOString();
    // Invitations piled up by a flood become no more notifications than contracts made for them would.
    const told = await mayTellUnasked(contract.creator_id, sub);
    await onConditionFailed(
      transactWrite([
        contractUpdate(contract, { acceptor_id: sub }),
        invitationDelete(email, contract.id),
        // No email: the invitation was it.
        ...(told
          ? notificationItems(sub, 'New contract', newContractNotice(seller, contract), now, { contract })
          : await heldBackNotice(sub, now)),
      ]),
      // Changed meanwhile (taken up by the other sign-in, edited, deleted): the next sign-in looks again.
      () => undefined,
    );
  }
}
