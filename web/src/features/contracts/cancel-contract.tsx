import type { ContractPerson, ContractView } from '@escrow/api/contracts';
import type { DisputeSide } from '@escrow/domain/dispute';
import { formatAmount } from '@escrow/domain/money';
import { type ReactNode, useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button, tapTargetClass } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Section } from '../../components/ui/section';
import { useAuth } from '../../lib/auth';
import { personName } from '../../lib/people';
import { useSubmit } from '../../lib/use-submit';
import { cancelContract } from './api';
import { cancelOffer } from './cancellation';
import { cancellationPanelMessages } from './messages';

/** What the confirmation of each action says, and its buttons. */
interface Confirmation {
  button: string;
  title: string;
  body: string;
  confirm: string;
  keep: string;
}

/**
 * Cancelling a funded contract before delivery, for either party (ARCHITECTURE §5b): the seller
 * cancels (or agrees to the buyer's request) and everything paid goes back to the buyer with no
 * fee; the buyer asks the seller to, or cancels alone a contract only partly paid once its funding
 * window ended. Each action is confirmed in a dialog naming the amount; the server's answer (or
 * refusal) is shown as it says it, and its contract goes to `onChange`. While the refund is on its
 * way (after a cancellation, or the delivery deadline's automatic refund) the page's contract moves
 * on by itself (use-live-contract.ts), so this section ends on "cancelled" with it.
 */
export function CancelContract({
  contract,
  side,
  people,
  onChange,
  refundableMinor,
}: {
  contract: ContractView;
  side: DisputeSide;
  people: readonly ContractPerson[];
  onChange: (contract: ContractView) => void;
  /** A contract in milestones (issue 38): what a cancellation sends back, what no milestone released. Absent: everything paid. */
  refundableMinor?: number;
}) {
  const { state: auth } = useAuth();
  const userId = auth.status === 'signedIn' ? auth.user.sub : '';
  const [confirming, setConfirming] = useState(false);
  // The server's answer to this person's action, said only while the contract is as it left it: the
  // seller agreeing to a request, or the refund arriving, outdates it.
  const [answer, setAnswer] = useState<{ message: string; stage: string } | null>(null);
  const notice = answer && answer.stage === stageOf(contract) ? answer.message : null;
  const offer = cancelOffer(contract, side, Date.now());
  const submit = useSubmit(
    offer === 'request' ? cancellationPanelMessages.requestFailed : cancellationPanelMessages.cancelFailed,
  );

  const paid = formatAmount(refundableMinor ?? contract.amount_paid_minor, contract.currency);
  // What goes back, in words: everything paid, or (in milestones) only what no milestone released.
  const split = refundableMinor !== undefined;
  const everything = split ? 'what no milestone released' : 'everything paid';
  const everythingYours = split ? 'what no milestone released' : 'everything you paid';
  const seller = personName(people, contract.creator_id);
  const requester = contract.cancellation_requested_by;
  const buyer = personName(people, requester ?? contract.acceptor_id);
  const refund = refundState(contract, side);
  if (offer === 'none' && !refund && !notice && !submit.error) return null;

  async function act() {
    setConfirming(false);
    setAnswer(null);
    const reply = await submit.run(() => cancelContract(contract.id));
    if (!reply) return;
    setAnswer({ message: reply.message, stage: stageOf(reply.contract) });
    onChange(reply.contract);
  }

  let body: ReactNode = null;
  let confirmation: Confirmation | null = null;
  if (side === 'creator' && offer === 'cancel') {
    body = requester ? (
      <>
        <Alert tone="warning">{buyer} asked to cancel this contract.</Alert>
        <p>
          If you agree, {everything}, {paid}, goes back to them with no fee.
        </p>
      </>
    ) : (
      <p>
        Cannot deliver? Cancel the contract: {everything}, {paid}, goes back to the buyer with no fee.
      </p>
    );
    confirmation = {
      button: requester ? 'Agree and cancel' : 'Cancel and refund the buyer',
      title: requester ? 'Agree to cancel?' : 'Cancel and refund the buyer?',
      body: `${capitalized(everything)}, ${paid}, goes back to ${buyer} with no fee. This cannot be undone.`,
      confirm: 'Yes, Cancel the Contract',
      keep: 'Keep the Contract',
    };
  } else if (side === 'payer' && offer === 'cancel') {
    body = (
      <p>
        The contract was not paid in full within its funding window, so you may cancel it yourself: everything you paid, {paid},
        comes back to you with no fee.
      </p>
    );
    confirmation = {
      button: 'Cancel and get a refund',
      title: 'Cancel and get a refund?',
      body: `Everything you paid, ${paid}, goes back to you with no fee. This cannot be undone.`,
      confirm: 'Yes, Cancel the Contract',
      keep: 'Keep the Contract',
    };
  } else if (offer === 'request') {
    body = (
      <p>
        Want to call it off before delivery? Ask {seller} to cancel: if they agree, {everythingYours}, {paid}, is refunded in
        full.
      </p>
    );
    confirmation = {
      button: 'Ask the seller to cancel',
      title: 'Ask the seller to cancel?',
      body: `${seller} is told and must agree. If they do, ${everythingYours}, ${paid}, is refunded to you in full, with no fee. Until then the contract stands.`,
      confirm: 'Yes, Ask to Cancel',
      keep: 'Not Yet',
    };
  } else if (offer === 'requested') {
    body = (
      <p>
        {requester && requester !== userId ? personName(people, requester) : 'You'} asked the seller to cancel this contract.
        Waiting for {seller} to agree.
      </p>
    );
  }

  return (
    <Section title="Cancellation">
      {notice && <Alert tone="success">{notice}</Alert>}
      {body}
      {refund}
      {confirmation && (
        <Button variant="secondary" onClick={() => setConfirming(true)} disabled={submit.working} className={tapTargetClass}>
          {submit.working ? 'Sending...' : confirmation.button}
        </Button>
      )}
      {submit.error && <Alert tone="error">{submit.error}</Alert>}
      {confirming && confirmation && (
        <ConfirmDialog
          title={confirmation.title}
          confirmLabel={confirmation.confirm}
          keepLabel={confirmation.keep}
          onConfirm={() => void act()}
          onKeep={() => setConfirming(false)}
        >
          <p>{confirmation.body}</p>
        </ConfirmDialog>
      )}
    </Section>
  );
}

/** How far a cancellation went: who asked for it, until the contract is cancelled (its refund on its way, then made). */
const stageOf = (contract: ContractView) =>
  contract.status === 'refunding' || contract.status === 'cancelled'
    ? 'cancelled'
    : `${contract.status}/${contract.cancellation_requested_by ?? ''}`;

/** Where a cancelled contract's money is: on its way while refunding, then back with the buyer. */
function refundState(contract: ContractView, side: DisputeSide): ReactNode {
  const paid = contract.amount_paid_minor;
  if (paid === 0 || (contract.status !== 'refunding' && contract.status !== 'cancelled')) return null;
  const amount = formatAmount(paid, contract.currency);
  const to = side === 'payer' ? 'you' : 'the buyer';
  if (contract.status === 'refunding') {
    return <Alert tone="info">{`${amount} is being refunded to ${to}, with no fee. This page updates by itself.`}</Alert>;
  }
  return <Alert tone="success">{`Done: ${amount} refunded to ${to}.`}</Alert>;
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
