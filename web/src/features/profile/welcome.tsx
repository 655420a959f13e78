import { useAuth } from '../../lib/auth';
import { displayName, useProfile } from './use-profile';

/** The dashboard's greeting (spec §2 "Dashboard"), by name once the profile is loaded. */
export function Welcome() {
  const { state } = useAuth();
  const profile = useProfile();
  const email = state.status === 'signedIn' ? state.user.email : '';
  // Until the profile arrives the greeting has no name; if it cannot be loaded, the email stands in.
  const name = profile.status === 'loaded' ? displayName(profile.account) : profile.status === 'failed' ? email : '';
  return <h1 className="text-3xl font-bold">{name ? `Welcome, ${name}` : 'Welcome'}</h1>;
}
