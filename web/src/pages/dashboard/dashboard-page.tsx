import { displayName, useProfile } from '../../features/profile/use-profile';
import { useAuth } from '../../lib/auth';

export function DashboardPage() {
  const { state } = useAuth();
  const profile = useProfile();
  const email = state.status === 'signedIn' ? state.user.email : '';
  // Until the profile arrives the greeting has no name; if it cannot be loaded, the email stands in.
  const name = profile.status === 'loaded' ? displayName(profile.account) : profile.status === 'failed' ? email : '';
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold">{name ? `Welcome, ${name}` : 'Welcome'}</h1>
    </section>
  );
}
