/**
 * A 401 from the API on a call made with the person's token means their session is over (expired,
 * revoked, the account disabled): apiFetch reports it here, and the auth layer (lib/auth.ts) signs
 * them out and sends them to the login page. Kept apart from lib/api.ts, which loads Amplify, so
 * the auth provider every page has can listen without loading it.
 */
type Listener = () => void;

const listeners = new Set<Listener>();

/** Calls `listener` on every such 401, until the returned function is called. */
export function onUnauthorized(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function reportUnauthorized(): void {
  for (const listener of [...listeners]) listener();
}
