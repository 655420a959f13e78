import { sendStepEmail } from '../adapters/email';
import { logger } from '../adapters/logger';
import { type Contract, isInvitation } from '../domain/escrow-contract';
import { formatAmount } from '../domain/money';
import { type ContractChanges, contractUpdate, getContract } from '../entities/contract';
import { deleteInvitation, invitationDelete, listInvitations } from '../entities/invitation';
import { contractLink, notificationItems } from '../entities/notification';
import { getProfile } from '../entities/profile';
import { onConditionFailed, type TransactItem, transactWrite } from '../entities/table';
import { heldBackNotice, mayTellUnasked } from './notifications';
import { displayName, newContractNotice } from './people';

/**
 * Invitations by email: a contract offered to an email nobody has an account with waits for its
 * person. Whoever signs in with that email (Cognito has verified it: an unconfirmed account
 * cannot sign in) takes it up: the contract's acceptor becomes them, once, by a write conditional
 * on the contract being unchanged since it was read.
 */

/** The invitation email: who invites, to what, and the contract's link (sign up from there). Best effort. */
export async function inviteByEmail(email: string, contract: Contract, seller: string): Promise<void> {
  const amount = formatAmount(contract.value_minor, contract.currency);
  await sendStepEmail(email, 'contract-invitation', {
    name: email,
    seller,
    title: contract.title,
    message: `${seller} wants to be paid ${amount} for "${contract.title}" through MiddleMan escrow: you pay into escrow, the seller delivers, and the money is released only when you are satisfied. Create your free account with this email address to see the contract and accept it.`,
    link: contractLink(contract.id),
  }).catch((error: unknown) => logger.warn('Invitation not sent', { contractId: contract.id, error: error as Error }));
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
