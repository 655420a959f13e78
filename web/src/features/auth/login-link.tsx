import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { linkClass } from '../../components/ui/page';
import { paths } from '../../config/paths';

/**
 * The link to the login page, centred under a card's content: "Back to Login" where a step was
 * given up or is done, or `children` ("Go to Login") with `email` filled in.
 */
export function LoginLink({ email, children = 'Back to Login' }: { email?: string; children?: ReactNode }) {
  return (
    <p className="text-center text-sm">
      <Link to={paths.login.getHref({ email })} className={linkClass}>
        {children}
      </Link>
    </p>
  );
}
