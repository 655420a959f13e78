import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';

export function Footer() {
  return (
    <footer className="border-t border-gray-200 px-4 py-6 pr-20 text-sm text-gray-600 dark:border-gray-800 dark:text-gray-400">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4">
        <span>© {new Date().getFullYear()}</span>
        <nav className="flex gap-6">
          <Link to={paths.privacyPolicy.getHref()} className="hover:underline">
            Privacy Policy
          </Link>
          <Link to={paths.termsOfService.getHref()} className="hover:underline">
            Terms of Service
          </Link>
        </nav>
      </div>
    </footer>
  );
}
