import type { ContractView } from '@escrow/api/contracts';
import { formatAmount } from '@escrow/domain/money';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { StatusBadge } from '../../components/contract-status';
import { CopyableId } from '../../components/ui/copy-button';
import { linkClass } from '../../components/ui/page';

/**
 * Contracts as cards: title, ID, value with its currency, status, and the links `actions` gives
 * each; with `titleHref` the title links to the contract's page.
 */
export function ContractList({
  contracts,
  actions,
  titleHref,
}: {
  contracts: ContractView[];
  actions: (contract: ContractView) => ReactNode;
  titleHref?: (contract: ContractView) => string;
}) {
  return (
    <ul className="space-y-4">
      {contracts.map((contract) => (
        <li key={contract.id} className="rounded-lg border border-gray-200 p-5 shadow-sm dark:border-gray-800">
          <div className="flex flex-wrap items-start justify-between gap-4">
            <div className="space-y-1">
              <h2 className="text-lg font-semibold">
                {titleHref ? (
                  <Link to={titleHref(contract)} className={linkClass}>
                    {contract.title}
                  </Link>
                ) : (
                  contract.title
                )}
              </h2>
              <p>
                {formatAmount(contract.value_minor, contract.currency)}{' '}
                <span className="text-sm text-gray-600 dark:text-gray-400">({contract.currency})</span>
              </p>
            </div>
            <StatusBadge status={contract.status} />
          </div>
          <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
            <span className="text-gray-600 dark:text-gray-400">ID:</span>
            <CopyableId id={contract.id} />
          </div>
          <div className="mt-4 flex flex-wrap gap-3">{actions(contract)}</div>
        </li>
      ))}
    </ul>
  );
}
