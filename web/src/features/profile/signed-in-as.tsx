import { useAuth } from '../../lib/auth';
import { useProfile } from './use-profile';

/** Who is signed in: the email, and the username once the profile has one. */
export function SignedInAs() {
  const { state } = useAuth();
  const profile = useProfile();
  const email = state.status === 'signedIn' ? state.user.email : '';
  const username = profile.status === 'loaded' ? profile.account.profile?.username : null;
  return (
    <div className="rounded-md bg-gray-50 px-3 py-2 text-sm dark:bg-gray-800">
      <p>
        Logged in as: <span className="font-medium">{email}</span>
      </p>
      {username && (
        <p>
          Username: <span className="font-medium">@{username}</span>
        </p>
      )}
    </div>
  );
}
