import { confirmPasswordResetRequestSchema } from '@escrow/api/identity';

/** What the emailed link's fragment holds: a token, nothing, or something that is no token. */
export type ResetLink = { kind: 'token'; token: string } | { kind: 'missing' } | { kind: 'unreadable' };

/**
 * The emailed link is `/reset-password-confirm#token=...`: the fragment never reaches a server or a
 * referrer. A token the API's own schema would refuse is unreadable here already, so a damaged
 * link is told apart from a missing one before the person types a new password.
 */
export function readResetLink(hash: string): ResetLink {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  if (!token) return { kind: 'missing' };
  return confirmPasswordResetRequestSchema.shape.token.safeParse(token).success
    ? { kind: 'token', token }
    : { kind: 'unreadable' };
}
