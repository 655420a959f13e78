import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../../components/ui/alert';
import { FormCard } from '../../components/ui/form-card';
import { secondaryLinkButtonClass } from '../../components/ui/page';

/**
 * After a sign-up made on the way to something (an invitation's offer): the one thing left to do
 * is in the mailbox, so the page says so and stays, instead of moving on to a login the account
 * cannot pass yet.
 */
export function CheckYourEmail({ email, loginHref }: { email: string; loginHref: string }) {
  // The form it replaces is long: on a phone the person was at its bottom, and this starts at the top.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);
  return (
    <FormCard title="Check Your Email">
      <Alert tone="success">Your account is created.</Alert>
      <p className="text-gray-700 dark:text-gray-300">
        Open the confirmation email we sent to <strong>{email}</strong> and tap its link to confirm your account.
      </p>
      <p className="text-gray-700 dark:text-gray-300">
        Then log in with this email and your password, and you will go straight back to where you were.
      </p>
      <p className="text-sm text-gray-600 dark:text-gray-400">No email after a few minutes? Look in your spam or junk folder.</p>
      <Link to={loginHref} className={`${secondaryLinkButtonClass} w-full`}>
        Go to Login
      </Link>
    </FormCard>
  );
}
