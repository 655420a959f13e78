import { keyedHash, safeEqual } from './hashing';

/**
 * "Stop emails from this sender", the link in every invitation email (and its RFC 8058
 * List-Unsubscribe header): a token naming one sender and one address, signed with the app's key,
 * so it can be neither guessed nor made for another sender or another address. The address
 * travels only as a keyed digest: the token is part of a URL, which logs keep, and the stop route
 * never learns the address, so it cannot tell anyone whether that address has an account.
 */

/** What a stop token names: the sender, and the address by its digest. */
export interface InvitationStop {
  sender: string;
  addressDigest: string;
}

/** The keyed digest an address is known by in stop tokens and in the table (entities/invitation-stop.ts). */
export function addressDigest(key: string, email: string): string {
  return keyedHash(key, `invitation-stop-address:${email.trim().toLowerCase()}`);
}

const signature = (key: string, stop: InvitationStop) => keyedHash(key, `invitation-stop:${stop.sender}:${stop.addressDigest}`);

/** `<sender, base64url>.<address digest>.<signature>`: URL-safe as it is. */
export function invitationStopToken(key: string, sender: string, email: string): string {
  const stop = { sender, addressDigest: addressDigest(key, email) };
  return [Buffer.from(sender).toString('base64url'), stop.addressDigest, signature(key, stop)].join('.');
}

/** The sender and address a token names, or null when it is not one we signed (compared in constant time). */
export function readInvitationStopToken(key: string, token: string): InvitationStop | null {
  const [encodedSender, digest, signed, ...rest] = token.split('.');
  if (!encodedSender || !digest || !signed || rest.length > 0) return null;
  const stop = { sender: Buffer.from(encodedSender, 'base64url').toString('utf8'), addressDigest: digest };
  if (!stop.sender || !safeEqual(signed, signature(key, stop))) return null;
  return stop;
}
