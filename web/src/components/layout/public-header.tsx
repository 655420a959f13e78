import { Link } from 'react-router-dom';
import { blogUrl, paths } from '../../config/paths';
import { Logo } from './logo';

// At least 44 px square (WCAG 2.5.5): the header is 56 px high, and on a phone the row still fits in 390 px.
const linkClass = 'inline-flex min-h-11 min-w-11 items-center justify-center hover:text-emerald-700 dark:hover:text-emerald-400';

export function PublicHeader() {
  return (
    <header className="fixed inset-x-0 top-0 z-40 h-14 border-b border-gray-200 bg-white/90 backdrop-blur dark:border-gray-800 dark:bg-gray-950/90">
      <nav className="mx-auto flex h-full max-w-6xl items-center justify-end gap-4 px-4 text-sm font-medium sm:gap-6">
        <Logo to={paths.home.getHref()} />
        <a href={blogUrl} target="_blank" rel="noopener noreferrer" className={linkClass}>
          Blog
        </a>
        <Link to={paths.whoWeAre.getHref()} className={linkClass}>
          About Us
        </Link>
        <Link to={paths.pricing.getHref()} className={linkClass}>
          Pricing
        </Link>
        <Link to={paths.contactUs.getHref()} className={linkClass}>
          Contact Us
        </Link>
      </nav>
    </header>
  );
}
