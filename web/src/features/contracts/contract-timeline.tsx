import type { ContractView } from '@escrow/api/contracts';
import type { DisputeView } from '@escrow/api/disputes';
import type { DisputeSide } from '@escrow/domain/dispute';
import type { ReactNode } from 'react';
import { secondaryLinkButtonClass } from '../../components/ui/page';
import { Section } from '../../components/ui/section';
import { formatDateTime } from '../../lib/format';
import { deliveryDeadline, nextAction, type Turn, timelineSteps, yourTurn } from './timeline';

/**
 * Who must act now (and, before delivery, the delivery deadline), then the contract's steps so far
 * and the next one: the same on the buyer's and the seller's page. When it is the reader's turn,
 * the page's action for it (`actions`: a form, a button, or a link to where it is done) sits right
 * under the line that asks for it, so "Your turn" is never a dead end. A proposal to answer links
 * to the dispute section unless `actions` says otherwise.
 */
export function ContractTimeline({
  contract,
  side,
  dispute,
  actions = {},
}: {
  contract: ContractView;
  side: DisputeSide;
  dispute: DisputeView | null;
  actions?: Partial<Record<Turn, ReactNode>>;
}) {
  const steps = timelineSteps(contract, dispute);
  const deadline = deliveryDeadline(contract, side);
  const turn = yourTurn(contract, side, dispute);
  // A proposal is answered in the dispute section, on either side: the way there is the timeline's own.
  const action = turn ? { answer_proposal: <SectionLink to="dispute">See the proposal</SectionLink>, ...actions }[turn] : null;
  return (
    <Section title="Progress">
      <p className="font-medium">{nextAction(contract, side, dispute)}</p>
      {deadline && <p className="text-gray-700 dark:text-gray-300">{deadline}</p>}
      {action && <div className="space-y-3">{action}</div>}
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
    </Section>
  );
}

/** The sections of a contract page that a "Your turn" line may lead to, by their element ids. */
const sectionIds = { cancellation: 'cancellation', dispute: 'dispute' } as const;
type SectionName = keyof typeof sectionIds;

/** A section a {@link SectionLink} leads to; its top clears the fixed header once scrolled to. */
export function LinkedSection({ name, children }: { name: SectionName; children: ReactNode }) {
  return (
    <div id={sectionIds[name]} className="scroll-mt-16">
      {children}
    </div>
  );
}

/** Beside "Your turn" when the action lives further down the page: a link as tall as a button that goes there. */
export function SectionLink({ to, children }: { to: SectionName; children: ReactNode }) {
  return (
    <a href={`#${sectionIds[to]}`} className={secondaryLinkButtonClass}>
      {children}
    </a>
  );
}
