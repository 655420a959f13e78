import type { ContractStatus } from '@escrow/domain/escrow-contract';

/** Readable names of the spec's status values (§4), in a buyer's and seller's words; the spec gives none of its own. */
export const statusLabels: Record<ContractStatus, string> = {
  pending: 'Pending',
  active: 'Active',
  in_escrow: 'In Escrow',
  fully_funded: 'Fully Funded',
  delivered: 'Delivered',
  // Whether they marked it completed or let the inspection window end: either way it counts as accepted.
  payer_marked_satisfied: 'Buyer accepted the delivery',
  releasing: 'Releasing',
  completed: 'Completed',
  disputed: 'Disputed',
  settling: 'Settling',
  refunding: 'Refunding',
  refunded: 'Refunded',
  partially_refunded: 'Partially Refunded',
  cancelled: 'Cancelled',
};

const tones: Record<ContractStatus, string> = {
  pending: 'bg-amber-100 text-amber-800 dark:bg-amber-900/50 dark:text-amber-200',
  active: 'bg-sky-100 text-sky-800 dark:bg-sky-900/50 dark:text-sky-200',
  in_escrow: 'bg-sky-100 text-sky-800 dark:bg-sky-900/50 dark:text-sky-200',
  fully_funded: 'bg-sky-100 text-sky-800 dark:bg-sky-900/50 dark:text-sky-200',
  delivered: 'bg-sky-100 text-sky-800 dark:bg-sky-900/50 dark:text-sky-200',
  payer_marked_satisfied: 'bg-violet-100 text-violet-800 dark:bg-violet-900/50 dark:text-violet-200',
  releasing: 'bg-violet-100 text-violet-800 dark:bg-violet-900/50 dark:text-violet-200',
  completed: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200',
  disputed: 'bg-red-100 text-red-800 dark:bg-red-900/50 dark:text-red-200',
  settling: 'bg-amber-100 text-amber-800 dark:bg-amber-900/50 dark:text-amber-200',
  refunding: 'bg-amber-100 text-amber-800 dark:bg-amber-900/50 dark:text-amber-200',
  refunded: 'bg-gray-200 text-gray-700 dark:bg-gray-800 dark:text-gray-300',
  partially_refunded: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200',
  cancelled: 'bg-gray-200 text-gray-700 dark:bg-gray-800 dark:text-gray-300',
};

export function StatusBadge({ status }: { status: ContractStatus }) {
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${tones[status] ?? tones.cancelled}`}>
      {statusLabels[status] ?? status}
    </span>
  );
}
