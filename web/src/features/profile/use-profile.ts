import type { ProfileResponse } from '@escrow/api/identity';
import { useEffect, useState } from 'react';
import { getProfile } from './api';

export type ProfileState =
  | { status: 'loading' }
  | { status: 'loaded'; account: ProfileResponse }
  | { status: 'failed'; error: unknown };

/** The signed-in user's account and profile, loaded once per mount. */
export function useProfile(): ProfileState {
  const [state, setState] = useState<ProfileState>({ status: 'loading' });
  useEffect(() => {
    let active = true;
    getProfile().then(
      (account) => active && setState({ status: 'loaded', account }),
      (error: unknown) => active && setState({ status: 'failed', error }),
    );
    return () => {
      active = false;
    };
  }, []);
  return state;
}

/** The name the dashboard greets: the full name, else the email. */
export function displayName(account: ProfileResponse): string {
  return account.profile?.full_name?.trim() || account.email;
}
