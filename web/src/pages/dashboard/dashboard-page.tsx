import { Link, useLocation } from 'react-router-dom';
import { paths } from '../../config/paths';
import { GetPaidChecklist } from '../../features/account/get-paid-checklist';
import { readAccountNotice } from '../../features/account/notice';
import { NotificationsPanel } from '../../features/notifications/notifications-panel';
import { Welcome } from '../../features/profile/welcome';

/** The six shortcut tiles of spec §2 "Dashboard". */
const tiles = [
  { to: paths.createContractPrompt.getHref(), label: 'Create Contract', hint: 'Start a private contract or a template.' },
  { to: paths.findContract.getHref(), label: 'Find Contract', hint: 'Accept a contract or use a template by its ID.' },
  { to: paths.viewContracts.getHref(), label: 'My Contracts', hint: 'Contracts you have created.' },
  { to: paths.myTemplates.getHref(), label: 'My Templates', hint: 'Templates you have created.' },
  { to: paths.engagedContracts.getHref(), label: 'Engaged Contracts', hint: 'Contracts you have accepted or paid for.' },
  { to: paths.support.getHref(), label: 'Support', hint: 'Get help with a payment or a contract.' },
];

export function DashboardPage() {
  // The PIN and bank pages come back here from the checklist with what they just did.
  const notice = readAccountNotice(useLocation().state);
  return (
    <section className="mx-auto max-w-6xl space-y-8 px-4 py-10">
      <Welcome />
      <GetPaidChecklist returnTo={paths.dashboard.getHref()} notice={notice} />
      <nav aria-label="Shortcuts" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {tiles.map((tile) => (
          <Link
            key={tile.to}
            to={tile.to}
            className="rounded-lg border border-gray-200 p-5 shadow-sm transition-colors hover:border-emerald-500 hover:bg-emerald-50 dark:border-gray-800 dark:hover:bg-emerald-950/30"
          >
            <span className="block text-lg font-semibold">{tile.label}</span>
            <span className="mt-1 block text-sm text-gray-600 dark:text-gray-400">{tile.hint}</span>
          </Link>
        ))}
      </nav>
      <NotificationsPanel />
    </section>
  );
}
