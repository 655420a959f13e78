import { useEffect, useId, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useAuth } from '../../lib/auth';
import { smallScreenUp, useMediaQuery } from '../../lib/use-media-query';
import { Logo } from './logo';
import { ThemeToggle } from './theme-toggle';

const links = [
  { to: paths.dashboard.getHref(), label: 'Dashboard' },
  { to: paths.viewContracts.getHref(), label: 'My Contracts' },
  { to: paths.createContract.getHref(), label: 'Create Contract' },
  { to: paths.myAccount.getHref(), label: 'My Account' },
];

// Every control here is at least 44 px high (WCAG 2.5.5, a header used on a phone); the header is 56.
function navLinkClass({ isActive }: { isActive: boolean }): string {
  return `inline-flex min-h-11 items-center ${isActive ? 'text-emerald-700 dark:text-emerald-400' : 'hover:text-emerald-700 dark:hover:text-emerald-400'}`;
}

const outlinedButtonClass = `inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center rounded-md border border-gray-300 px-3 py-1 hover:bg-gray-100 dark:border-gray-700 dark:hover:bg-gray-800`;

export function AppHeader() {
  const { signOut } = useAuth();
  const wide = useMediaQuery(smallScreenUp);
  return (
    <header className="fixed inset-x-0 top-0 z-40 h-14 border-b border-gray-200 bg-white/90 backdrop-blur dark:border-gray-800 dark:bg-gray-950/90">
      <nav
        aria-label="Main"
        className="mx-auto flex h-full max-w-6xl items-center justify-end gap-4 px-4 text-sm font-medium lg:gap-6"
      >
        <Logo to={paths.dashboard.getHref()} />
        {wide ? (
          <>
            {links.map((link) => (
              <NavLink key={link.to} to={link.to} className={navLinkClass}>
                {link.label}
              </NavLink>
            ))}
            <button type="button" onClick={() => void signOut()} className={outlinedButtonClass}>
              Logout
            </button>
            <ThemeToggle />
          </>
        ) : (
          <NarrowMenu onLogout={() => void signOut()} />
        )}
      </nav>
    </header>
  );
}

/** On a phone the links do not fit in the fixed header row: a menu button opens them in a panel below it. */
function NarrowMenu({ onLogout }: { onLogout: () => void }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const { pathname } = useLocation();

  // A followed link closes the menu; so does Escape.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not an input.
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <>
      <ThemeToggle />
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((current) => !current)}
        className={outlinedButtonClass}
      >
        Menu
      </button>
      {open && (
        <div
          id={panelId}
          className="absolute inset-x-0 top-14 flex flex-col gap-1 border-b border-gray-200 bg-white px-4 py-3 shadow-md dark:border-gray-800 dark:bg-gray-950"
        >
          {links.map((link) => (
            <NavLink key={link.to} to={link.to} className={(state) => `rounded-md px-2 py-2 ${navLinkClass(state)}`}>
              {link.label}
            </NavLink>
          ))}
          <button type="button" onClick={onLogout} className={`mt-2 self-start ${outlinedButtonClass}`}>
            Logout
          </button>
        </div>
      )}
    </>
  );
}
