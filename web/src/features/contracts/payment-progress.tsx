import { type Currency, formatAmount } from '@escrow/domain/money';
import { paymentProgressPercent } from './progress';

/** Amount paid of the total, with a bar that never passes 100% (spec §9). */
export function PaymentProgress({
  paidMinor,
  totalMinor,
  currency,
}: {
  paidMinor: number;
  totalMinor: number;
  currency: Currency;
}) {
  const percent = paymentProgressPercent(paidMinor, totalMinor);
  return (
    <div className="space-y-1">
      <p className="text-sm">
        {formatAmount(paidMinor, currency)} of {formatAmount(totalMinor, currency)} paid ({percent}%)
      </p>
      <div
        role="progressbar"
        aria-label="Payment progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-3 w-full overflow-hidden rounded-full bg-gray-200 dark:bg-gray-800"
      >
        <div className="h-full rounded-full bg-emerald-700" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/** How much of a contract's total has reached escrow so far, said beside that total ("Paid so far: ₦0.00"). */
export function PaidSoFar({ paidMinor, currency }: { paidMinor: number; currency: Currency }) {
  return (
    <span className="block text-sm text-gray-700 dark:text-gray-300" data-testid="paid-so-far">
      Paid so far: {formatAmount(paidMinor, currency)}
    </span>
  );
}
