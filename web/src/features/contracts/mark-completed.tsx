import type { ContractView } from '@escrow/api/contracts';
import { formatAmount } from '@escrow/domain/money';
import { useState } from 'react';
import { Button, tapTargetClass } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { failureMessage } from '../../lib/api';
import { personName } from '../../lib/people';
import { getContract, markContractCompleted } from './api';
import { wouldAcceptEarly } from './completion';
import { contractPageMessages } from './messages';

/**
 * The payer's "Mark as Completed", the same on Engaged Contracts and on the contract's page: `ask`
 * opens `dialog`, which names what is released and to whom (and, before delivery, that waiting
 * for it is the usual way), and only its "Yes" marks it. The marked contract goes to `onMarked`;
 * `notice` and `error` say how it went.
 */
export function useMarkCompleted(onMarked: (contract: ContractView) => void) {
  const [confirming, setConfirming] = useState<{ contract: ContractView; seller: string | null } | null>(null);
  const [marking, setMarking] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  /** Asks first. `seller` is the seller's name when the page has it; otherwise it is read with the contract. */
  function ask(contract: ContractView, seller?: string) {
    setConfirming({ contract, seller: seller ?? null });
    if (seller) return;
    getContract(contract.id)
      .then(({ people }) =>
        setConfirming((asking) =>
          asking?.contract.id === contract.id ? { contract, seller: personName(people, contract.creator_id) } : asking,
        ),
      )
      .catch(() => undefined); // the dialog then says "the seller"
  }

  async function markCompleted(contract: ContractView) {
    setConfirming(null);
    setError(null);
    setNotice(null);
    setMarking(contract.id);
    try {
      onMarked(await markContractCompleted(contract.id));
      setNotice(contractPageMessages.markedCompleted);
    } catch (failure) {
      setError(failureMessage(failure, contractPageMessages.markCompletedFailed));
    } finally {
      setMarking(null);
    }
  }

  const dialog = confirming && (
    <ConfirmDialog
      title={wouldAcceptEarly(confirming.contract) ? 'Mark as Completed before delivery?' : 'Mark as Completed?'}
      confirmLabel="Yes, Mark as Completed"
      onConfirm={() => void markCompleted(confirming.contract)}
      onKeep={() => setConfirming(null)}
    >
      {wouldAcceptEarly(confirming.contract) && <p className="mb-2 font-medium">{earlyNotice}</p>}
      <p>
        This tells {confirming.seller ?? 'the seller'} you are satisfied with "{confirming.contract.title}": they can then release{' '}
        {formatAmount(confirming.contract.amount_paid_minor, confirming.contract.currency)} held in escrow to their bank account.
        Only confirm once you have received what you paid for.
      </p>
    </ConfirmDialog>
  );

  return { ask, marking, error, notice, dialog };
}

/** Why accepting before delivery is not the usual way, said wherever it is offered. */
const earlyNotice =
  'The seller has not marked it delivered yet. The usual way is to wait for the delivery, check it, then mark the contract completed.';

/**
 * Where the payer marks a contract completed (`ask` of {@link useMarkCompleted}): after the
 * delivery, the expected next step, a primary button; before it, accepting early, which the spec
 * allows but is not the usual way: a secondary button named so, under a sentence saying so.
 */
export function MarkCompletedAction({
  contract,
  marking,
  onAsk,
}: {
  contract: Pick<ContractView, 'id' | 'delivered_at'>;
  /** The contract being marked now, if any (every button waits meanwhile). */
  marking: string | null;
  onAsk: () => void;
}) {
  const working = marking === contract.id ? 'Marking...' : null;
  if (!wouldAcceptEarly(contract))
    return (
      <Button onClick={onAsk} disabled={marking !== null} className={tapTargetClass}>
        {working ?? 'Mark as Completed'}
      </Button>
    );
  return (
    <div className="space-y-2 rounded-md border border-gray-200 p-3 text-sm dark:border-gray-800" data-testid="accept-early">
      <p className="text-gray-700 dark:text-gray-300">{earlyNotice}</p>
      <Button variant="secondary" onClick={onAsk} disabled={marking !== null} className={tapTargetClass}>
        {working ?? 'Mark as Completed before delivery'}
      </Button>
    </div>
  );
}
