import { NavLink } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useAuth } from '../../lib/auth';
import { ThemeToggle } from './theme-toggle';

const links = [
  { to: paths.dashboard.getHref(), label: 'Dashboard' },
  { to: paths.viewContracts.getHref(), label: 'My Contracts' },
  { to: paths.createContract.getHref(), label: 'Create Contract' },
  { to: paths.myAccount.getHref(), label: 'My Account' },
];

function navLinkClass({ isActive }: { isActive: boolean }): string {
  return isActive ? 'text-emerald-600 dark:text-emerald-400' : 'hover:text-emerald-600 dark:hover:text-emerald-400';
}

export function AppHeader() {
  const { signOut } = useAuth();
  return (
    <header className="fixed inset-x-0 top-0 z-40 h-14 border-b border-gray-200 bg-white/90 backdrop-blur dark:border-gray-800 dark:bg-gray-950/90">
      <nav className="mx-auto flex h-full max-w-6xl items-center gap-3 px-4 text-sm font-medium sm:gap-6">
        {/* On a phone the links scroll sideways instead of wrapping out of the fixed header. */}
        <div className="flex min-w-0 flex-1 items-center gap-4 overflow-x-auto whitespace-nowrap sm:justify-end sm:gap-6">
          {links.map((link) => (
            <NavLink key={link.to} to={link.to} className={navLinkClass}>
              {link.label}
            </NavLink>
          ))}
        </div>
        <button
          type="button"
          onClick={() => void signOut()}
          className="shrink-0 rounded-md border border-gray-300 px-3 py-1 hover:bg-gray-100 dark:border-gray-700 dark:hover:bg-gray-800"
        >
          Logout
        </button>
        <ThemeToggle />
      </nav>
    </header>
  );
}
