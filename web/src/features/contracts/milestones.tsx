import type { ContractView, MilestoneRequest, MilestoneView } from '@escrow/api/contracts';
import { milestoneLimits } from '@escrow/domain/milestones';
import { type Currency, formatAmount, usableAmount } from '@escrow/domain/money';
import { Link } from 'react-router-dom';
import { AmountField } from '../../components/offer-fields';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { linkClass } from '../../components/ui/page';
import { paths } from '../../config/paths';
import { formatDate } from '../../lib/format';
import type { RegisteredField } from './contract-fields';

/**
 * Milestones (issue 38): a contract split into parts, each run, in order, as a contract of its own
 * (its own page, delivery, inspection, dispute and payout). The whole contract's page lists them
 * with where each stands and who acts; a milestone's page says which contract it is part of.
 */

/** Where a milestone stands, in plain words, and who acts now: for the seller (`creator`) or the buyer (`payer`). */
export function milestoneStateText(status: MilestoneView['status'], side: 'creator' | 'payer'): string {
  const seller = side === 'creator';
  switch (status) {
    case 'not_started':
      return 'Not started: it starts when the one before it ends';
    case 'active':
    case 'in_escrow':
    case 'fully_funded':
      return seller ? 'Your turn: deliver it' : 'Waiting for the seller to deliver';
    case 'delivered':
      return seller ? 'Delivered: the buyer is inspecting it' : 'Your turn: inspect it and accept it, or report a problem';
    case 'payer_marked_satisfied':
      return seller ? 'Accepted: your turn to release the funds' : 'Accepted: waiting for the seller to release the funds';
    case 'releasing':
      return 'Being paid to the seller';
    case 'completed':
      return 'Paid to the seller';
    case 'disputed':
      return 'In dispute';
    case 'settling':
      return 'Dispute settled: the money is moving';
    case 'refunded':
      return 'Refunded to the buyer';
    case 'partially_refunded':
      return 'Settled: part refunded, part paid';
    case 'refunding':
      return 'Being refunded to the buyer';
    case 'cancelled':
      return 'Cancelled';
    case 'pending':
      return 'Not started';
  }
}

/** The whole contract's milestones: number, title, amount (and the seller's payout), due date, where each stands, a link to each started one. */
export function MilestoneList({
  milestones,
  currency,
  side,
}: {
  milestones: readonly MilestoneView[];
  currency: ContractView['currency'];
  side: 'creator' | 'payer';
}) {
  return (
    <section aria-labelledby="milestones-heading" className="space-y-3">
      <h2 id="milestones-heading" className="text-xl font-semibold">
        Milestones
      </h2>
      <ol className="divide-y divide-gray-200 rounded-lg border border-gray-200 dark:divide-gray-800 dark:border-gray-800">
        {milestones.map((m) => (
          <li key={m.contract_id} className="space-y-1 px-4 py-3" data-testid={`milestone-${m.number}`}>
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <span className="font-medium">
                {m.number}. {m.title}
              </span>
              <span>{formatAmount(m.amount_minor, currency)}</span>
            </div>
            {side === 'creator' && (
              <p className="text-sm text-gray-700 dark:text-gray-300">
                You receive {formatAmount(m.payout_minor, currency)} after the {formatAmount(m.fee_minor, currency)} fee
              </p>
            )}
            {m.due_date && (
              <p className="text-sm text-gray-700 dark:text-gray-300">Due {formatDate(`${m.due_date}T00:00:00Z`)}</p>
            )}
            <p className="text-sm font-medium" data-testid={`milestone-${m.number}-state`}>
              {milestoneStateText(m.status, side)}
            </p>
            {m.status !== 'not_started' && (
              <Link to={paths.contract.getHref(m.contract_id)} className={linkClass}>
                Open milestone {m.number}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** On a milestone's page: which milestone of which contract it is, linking back to the whole contract. */
export function MilestoneOf({ of }: { of: NonNullable<ContractView['milestone_of']> }) {
  return (
    <p className="text-sm" data-testid="milestone-of">
      Milestone {of.number} of {of.count} of{' '}
      <Link to={paths.contract.getHref(of.contract_id)} className={linkClass}>
        “{of.title}”
      </Link>
    </p>
  );
}

/**
 * What cancelling a contract in milestones sends back: the milestones not started and the one under
 * way while it is not yet delivered (the only time it may be cancelled); the others released theirs.
 */
export function refundableOf(milestones: readonly MilestoneView[]): number {
  return milestones
    .filter((m) => m.status === 'not_started' || m.status === 'fully_funded')
    .reduce((sum, m) => sum + m.amount_minor, 0);
}

/** The milestone rows of the create form: title, amount and an optional due date each, 2 to 10 (issue 38). */
export const milestoneRows = { min: milestoneLimits.min, max: milestoneLimits.max } as const;

/** A blank milestone row as the form holds it. */
export const blankMilestone = (): MilestoneRequest => ({ title: '', amount: '', dueDate: undefined });

/** The sum of the rows' amounts that can be read so far, in minor units (what the value will be). */
export function typedMilestonesSum(rows: readonly Pick<MilestoneRequest, 'amount'>[]): number {
  return rows.reduce((sum, row) => sum + (usableAmount(String(row.amount ?? '')) ?? 0), 0);
}

/**
 * The milestone rows of a form whose values hold `milestones` (the create form): each row's
 * fields with their refusals, adding up to 10 and removing down to 2; the refusal of the list as
 * a whole (how many) under it.
 */
export function MilestoneRowsField({
  rows,
  currency,
  field,
  rowsError,
  onAdd,
  onRemove,
  typed,
}: {
  rows: readonly { id: string }[];
  currency: Currency;
  field: (index: number, name: 'title' | 'amount' | 'dueDate') => RegisteredField;
  rowsError?: string;
  onAdd: () => void;
  onRemove: (index: number) => void;
  typed: (index: number) => string;
}) {
  return (
    <fieldset className="space-y-4 rounded-lg border border-gray-200 p-4 dark:border-gray-800">
      <legend className="px-1 font-medium">Milestones</legend>
      {rows.map((row, index) => (
        <div key={row.id} className="space-y-2 border-b border-gray-200 pb-4 last:border-b-0 dark:border-gray-800">
          <TextField label={`Milestone ${index + 1} title`} required autoComplete="off" {...field(index, 'title')} />
          <AmountField
            label={`Milestone ${index + 1} amount`}
            typed={typed(index)}
            currency={currency}
            {...field(index, 'amount')}
          />
          <TextField label={`Milestone ${index + 1} due date (optional)`} type="date" {...field(index, 'dueDate')} />
          {rows.length > milestoneRows.min && (
            <Button variant="secondary" onClick={() => onRemove(index)}>
              Remove milestone {index + 1}
            </Button>
          )}
        </div>
      ))}
      {rowsError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {rowsError}
        </p>
      )}
      {rows.length < milestoneRows.max && (
        <Button variant="secondary" onClick={onAdd}>
          Add a milestone
        </Button>
      )}
    </fieldset>
  );
}
