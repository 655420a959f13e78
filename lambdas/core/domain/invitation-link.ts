import { keyedHash, safeEqual } from './hashing';

/**
 * The link of an invitation email, which shows its offer to someone who has no account yet: a
 * token naming the contract and signed, with the app's key, for the address it was sent to. So
 * only whoever holds the email (or a link forwarded from it) sees the offer: a contract id alone,
 * which a share link or a screenshot shows, opens nothing without a session, and the token cannot
 * be made for another contract or kept once the contract is offered to another address. The
 * address is not in the token (a URL, which logs keep): the contract holds it.
 */

const signature = (key: string, contractId: string, email: string) =>
  keyedHash(key, `invitation-link:${contractId}:${email.trim().toLowerCase()}`);

/** `<contract id>.<signature>`: URL-safe as it is. */
export function invitationLinkToken(key: string, contractId: string, email: string): string {
  return `${contractId}.${signature(key, contractId, email)}`;
}

/** Whether `token` is the one signed for that contract and address (compared in constant time). */
export function isInvitationLinkFor(key: string, token: string, contract: { id: string; invited_email: string }): boolean {
  const [, signed, ...rest] = token.split('.');
  if (!signed || rest.length > 0) return false;
  return safeEqual(signed, signature(key, contract.id, contract.invited_email));
}
