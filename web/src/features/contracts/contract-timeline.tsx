import type { ContractView } from '@escrow/api/contracts';
import type { DisputeView } from '@escrow/api/disputes';
import type { DisputeSide } from '@escrow/domain/dispute';
import { useId } from 'react';
import { formatDateTime } from '../../lib/format';
import { deliveryDeadline, nextAction, timelineSteps } from './timeline';

/** Who must act now (and, before delivery, the delivery deadline), then the contract's steps so far and the next one: the same on the buyer's and the seller's page. */
export function ContractTimeline({
  contract,
  side,
  dispute,
}: {
  contract: ContractView;
  side: DisputeSide;
  dispute: DisputeView | null;
}) {
  const headingId = useId();
  const steps = timelineSteps(contract, dispute);
  const deadline = deliveryDeadline(contract, side);
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-xl font-semibold">
        Progress
      </h2>
      <p className="font-medium">{nextAction(contract, side, dispute)}</p>
      {deadline && <p className="text-gray-700 dark:text-gray-300">{deadline}</p>}
      <ol aria-label="Timeline" className="space-y-2 border-l-2 border-gray-200 pl-4 dark:border-gray-800">
        {steps.map((step) => (
          <li
            key={`${step.state}-${step.label}`}
            className={step.state === 'next' ? 'text-gray-500 dark:text-gray-400' : 'text-gray-900 dark:text-gray-100'}
          >
            <span aria-hidden="true" className="mr-2">
              {step.state === 'done' ? '✓' : '○'}
            </span>
            {/* One text, so a step never reads as a bare label of the details above ("Delivered"). */}
            {`${step.state === 'next' ? 'Next: ' : ''}${step.label}${step.at ? ` · ${formatDateTime(step.at)}` : ''}`}
          </li>
        ))}
      </ol>
    </section>
  );
}
