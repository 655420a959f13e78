import { safeReturnTo } from '../config/paths';

/**
 * Where a person goes once signed in, when a page sent them to sign in first (a contract's share
 * link, an email's link). Kept in localStorage for an hour, so it survives signing up on the way:
 * the confirmation link opens in a new tab, and sign-in there still lands on the contract.
 */
const key = 'middleman_after_sign_in';
const keptMs = 60 * 60 * 1000;

export function rememberAfterSignIn(path: string, now = Date.now()): void {
  const safe = safeReturnTo(path);
  if (!safe) return;
  try {
    window.localStorage.setItem(key, JSON.stringify({ path: safe, at: now }));
  } catch {
    // No storage (private mode): the person lands on the dashboard instead.
  }
}

/** The remembered page (once: it is forgotten as it is read), or undefined. */
export function takeAfterSignIn(now = Date.now()): string | undefined {
  try {
    const raw = window.localStorage.getItem(key);
    window.localStorage.removeItem(key);
    const kept = raw ? (JSON.parse(raw) as { path?: unknown; at?: unknown }) : null;
    if (!kept || typeof kept.path !== 'string' || typeof kept.at !== 'number' || now - kept.at > keptMs) return undefined;
    return safeReturnTo(kept.path);
  } catch {
    return undefined;
  }
}
