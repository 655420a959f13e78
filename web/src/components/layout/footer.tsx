import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { helpButtonClearanceClass } from './help-button';

/** 44 px high, a tap target on a phone (WCAG 2.5.5). */
const linkClass = 'inline-flex min-h-11 items-center hover:underline';

export function Footer() {
  return (
    // The last thing on every page: its bottom padding is the floating help button's room (from 640 px).
    <footer
      className={`border-t border-gray-200 px-4 pt-6 text-sm text-gray-600 dark:border-gray-800 dark:text-gray-400 ${helpButtonClearanceClass}`}
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4">
        <span>© {new Date().getFullYear()}</span>
        <nav className="flex gap-6">
          <Link to={paths.privacyPolicy.getHref()} className={linkClass}>
            Privacy Policy
          </Link>
          <Link to={paths.termsOfService.getHref()} className={linkClass}>
            Terms of Service
          </Link>
          {/* A phone has no floating help button (help-button.tsx): this is its way to help. */}
          <Link to={paths.needHelp.getHref()} className={`${linkClass} sm:hidden`}>
            Need Help?
          </Link>
        </nav>
      </div>
    </footer>
  );
}
