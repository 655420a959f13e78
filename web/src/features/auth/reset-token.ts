/** The emailed link is `/reset-password-confirm#token=...`: the fragment never reaches a server or a referrer. */
export function resetTokenFromHash(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') || null;
}
