import type { ContractView } from '@escrow/api/contracts';
import type { DisputeActionResponse, DisputeView } from '@escrow/api/disputes';
import type { EvidenceView } from '@escrow/api/evidence';
import type { DisputeSide } from '@escrow/domain/dispute';
import { isFinal } from '@escrow/domain/escrow-contract';
import { formatAmount } from '@escrow/domain/money';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../../components/ui/alert';
import { Button, tapTargetClass } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Detail, Details, Loading, linkClass } from '../../components/ui/page';
import { Section } from '../../components/ui/section';
import { paths } from '../../config/paths';
import { formatDateTime } from '../../lib/format';
import type { Loaded } from '../../lib/use-load';
import { useSubmit } from '../../lib/use-submit';
import { acceptSettlement, refundInFull } from './api';
import { type DisputeActionProps, OpenDisputeForm, ProposeSplitForm } from './dispute-forms';
import { feePercent, settledHow, sideName, splitSummary, whoIs } from './dispute-text';
import { EvidenceList } from './evidence/list';
import { disputePanelMessages } from './messages';
import { disputePanelShown } from './use-live-contract';

type Settlement = NonNullable<DisputeView['settlement']>;

/**
 * A contract's dispute, for either party (ARCHITECTURE §5b): "Open a dispute" while the contract
 * may be disputed; an open dispute with its proposals, "Propose a split", "Accept" on the other
 * side's latest proposal and, for the seller, "Refund in full"; a settled one with its figures and
 * where the money is. The server decides every action again; its refusal is shown as it says it.
 */
export interface DisputePanelProps {
  contract: ContractView;
  side: DisputeSide;
  dispute: Loaded<DisputeView | null>;
  onChange: (reply: DisputeActionResponse) => void;
  /** The contract's attached files: those of the dispute are listed by the side that sent them. */
  evidence?: readonly EvidenceView[];
}

export function DisputePanel({ contract, side, dispute, onChange, evidence = [] }: DisputePanelProps) {
  // What this person just did, said only while the dispute is as their action left it: the other
  // side's answer (a new proposal, the settlement), shown as it arrives, outdates it.
  const [acted, setActed] = useState<{ message: string; stage: string } | null>(null);
  const notice = acted && dispute.status === 'loaded' && stageOf(dispute.data) === acted.stage ? acted.message : null;
  const done = (message: string) => (reply: DisputeActionResponse) => {
    setActed({ message, stage: stageOf(reply.dispute) });
    onChange(reply);
  };

  if (!disputePanelShown(contract.status, dispute)) return null;
  let body: ReactNode;
  if (dispute.status === 'loading') {
    body = <Loading>{disputePanelMessages.loading}</Loading>;
  } else if (dispute.status === 'failed') {
    body = <Alert tone="error">{disputePanelMessages.loadFailed}</Alert>;
  } else if (dispute.data === null) {
    body = <OpenDispute contractId={contract.id} onDone={done(disputePanelMessages.opened)} />;
  } else if (dispute.data.settlement) {
    body = <SettledDispute contract={contract} dispute={dispute.data} settlement={dispute.data.settlement} />;
  } else {
    body = (
      <OpenDisputeView
        contract={contract}
        side={side}
        dispute={dispute.data}
        onProposed={done(disputePanelMessages.proposed)}
        onAccepted={done(disputePanelMessages.accepted)}
        onRefunded={done(disputePanelMessages.refundedInFull)}
      />
    );
  }
  return (
    <Section title="Dispute" className="space-y-4">
      {notice && <Alert tone="success">{notice}</Alert>}
      {body}
      <DisputeFiles evidence={evidence} side={side} />
    </Section>
  );
}

/** The files both sides attached to the dispute's messages, under who sent them. */
function DisputeFiles({ evidence, side }: { evidence: readonly EvidenceView[]; side: DisputeSide }) {
  const files = evidence.filter((file) => file.purpose === 'dispute');
  if (files.length === 0) return null;
  const groups = (['payer', 'creator'] as const).map((by) => ({
    by,
    label: by === side ? 'Your files' : `The ${by === 'payer' ? 'buyer' : 'seller'}'s files`,
    files: files.filter((file) => file.by === by),
  }));
  return (
    <div className="space-y-3">
      {groups.map(
        (group) =>
          group.files.length > 0 && (
            <div key={group.by} className="space-y-2">
              <h3 className="text-sm font-semibold">{group.label}</h3>
              <EvidenceList files={group.files} label={group.label} />
            </div>
          ),
      )}
    </div>
  );
}

/** How far a dispute went: a new proposal or a change of its status moves it. */
const stageOf = (dispute: DisputeView | null) => (dispute ? `${dispute.status}/${dispute.proposals.length}` : 'none');

/** "Open a dispute", which reveals the form. */
function OpenDispute({ contractId, onDone }: { contractId: string; onDone: (reply: DisputeActionResponse) => void }) {
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <div className="space-y-3">
        <p className="text-gray-700 dark:text-gray-300">
          Something wrong? Open a dispute: the money stays in escrow until it is settled.
        </p>
        <Button variant="secondary" onClick={() => setOpen(true)} className={tapTargetClass}>
          Open a dispute
        </Button>
      </div>
    );
  }
  return <OpenDisputeForm contractId={contractId} onDone={onDone} onCancel={() => setOpen(false)} />;
}

/** What the dispute is about: who opened it and why, until when the parties may agree, and what is held. */
function DisputeFacts({ dispute, settled }: { dispute: DisputeView; settled: boolean }) {
  return (
    <Details>
      <Detail label="Opened by">
        {whoIs(dispute.opened_side, dispute.your_side)} · {formatDateTime(dispute.opened_at)}
      </Detail>
      <Detail label="Reason">{dispute.reason_text}</Detail>
      <Detail label="Details">
        <span className="whitespace-pre-line">{dispute.details}</span>
      </Detail>
      {!settled && <Detail label="Agree by">{formatDateTime(dispute.agree_by)}</Detail>}
      <Detail label="Held in escrow">{formatAmount(dispute.held_minor, dispute.currency)}</Detail>
    </Details>
  );
}

function OpenDisputeView({
  contract,
  side,
  dispute,
  onProposed,
  onAccepted,
  onRefunded,
}: {
  contract: ContractView;
  side: DisputeSide;
  dispute: DisputeView;
  onProposed: (reply: DisputeActionResponse) => void;
  onAccepted: (reply: DisputeActionResponse) => void;
  onRefunded: (reply: DisputeActionResponse) => void;
}) {
  // Proposing, accepting and refunding answer an open dispute of a disputed contract only: never
  // offered beside a contract already past it, even for the moment before its settlement is shown.
  const open = contract.status === 'disputed';
  return (
    <>
      <DisputeFacts dispute={dispute} settled={false} />
      {dispute.status === 'awaiting_ops' && <Alert tone="info">{disputePanelMessages.awaitingOps}</Alert>}
      <Proposals contractId={contract.id} side={side} dispute={dispute} open={open} onAccepted={onAccepted} />
      {open && <ProposeSplitForm contractId={contract.id} dispute={dispute} onDone={onProposed} />}
      {open && side === 'creator' && <RefundInFull contractId={contract.id} dispute={dispute} onDone={onRefunded} />}
    </>
  );
}

/** The proposals, oldest first; only the latest can be accepted, and only by the side that did not make it. */
function Proposals({
  contractId,
  side,
  dispute,
  open,
  onAccepted,
}: {
  contractId: string;
  side: DisputeSide;
  dispute: DisputeView;
  /** Whether the dispute may still be settled here (its contract is disputed). */
  open: boolean;
  onAccepted: (reply: DisputeActionResponse) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const submit = useSubmit(disputePanelMessages.acceptFailed);
  const latest = dispute.proposals.at(-1);
  if (!latest) {
    return <p className="text-gray-700 dark:text-gray-300">No proposals yet. Either side may propose how to split the money.</p>;
  }
  const acceptable = open && latest.by !== side;

  async function accept(proposalId: string) {
    setConfirming(false);
    const reply = await submit.run(() => acceptSettlement({ contractId, proposalId }));
    if (reply) onAccepted(reply);
  }

  return (
    <div className="space-y-3">
      <h3 className="text-lg font-semibold">Proposals</h3>
      <ol aria-label="Proposals" className="space-y-3">
        {dispute.proposals.map((proposal) => (
          <li key={proposal.id} className="rounded-lg border border-gray-200 p-4 dark:border-gray-800">
            <p className="text-sm text-gray-600 dark:text-gray-400">
              {whoIs(proposal.by, side)} proposed · {formatDateTime(proposal.created_at)}
              {proposal === latest && ' · latest'}
            </p>
            <p className="mt-1 font-medium">{splitSummary(proposal, dispute.currency)}</p>
            {proposal === latest && acceptable && (
              <Button onClick={() => setConfirming(true)} disabled={submit.working} className={`mt-3 ${tapTargetClass}`}>
                {submit.working ? 'Accepting...' : 'Accept'}
              </Button>
            )}
          </li>
        ))}
      </ol>
      {submit.error && <Alert tone="error">{submit.error}</Alert>}
      {confirming && (
        <ConfirmDialog
          title="Accept this split?"
          confirmLabel="Yes, Accept"
          onConfirm={() => void accept(latest.id)}
          onKeep={() => setConfirming(false)}
        >
          <p>
            {splitSummary(latest, dispute.currency)}. This settles the dispute: the money is sent as agreed and this cannot be
            undone.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}

/** The seller gives everything held back to the buyer, after a confirmation that names the amount. */
function RefundInFull({ contractId, dispute, onDone }: DisputeActionProps) {
  const [confirming, setConfirming] = useState(false);
  const submit = useSubmit(disputePanelMessages.refundFailed);
  const held = formatAmount(dispute.held_minor, dispute.currency);

  async function refund() {
    setConfirming(false);
    const reply = await submit.run(() => refundInFull(contractId));
    if (reply) onDone(reply);
  }

  return (
    <div className="space-y-3">
      <Button variant="secondary" onClick={() => setConfirming(true)} disabled={submit.working} className={tapTargetClass}>
        {submit.working ? 'Refunding...' : 'Refund in full'}
      </Button>
      {submit.error && <Alert tone="error">{submit.error}</Alert>}
      {confirming && (
        <ConfirmDialog
          title="Refund the buyer in full?"
          confirmLabel={<>Yes, Refund {held}</>}
          onConfirm={() => void refund()}
          onKeep={() => setConfirming(false)}
        >
          <p>
            All {held} held in escrow goes back to the buyer and the dispute is settled. You receive nothing, and no fee is
            charged. This cannot be undone.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}

/** How the dispute was settled, its figures, and where the money is now. */
function SettledDispute({
  contract,
  dispute,
  settlement,
}: {
  contract: ContractView;
  dispute: DisputeView;
  settlement: Settlement;
}) {
  const amount = (minor: number) => formatAmount(minor, dispute.currency);
  return (
    <>
      <DisputeFacts dispute={dispute} settled />
      <p className="font-medium">
        {settledHow(settlement.source)} · {formatDateTime(settlement.settled_at)}
      </p>
      {settlement.source === 'ops' && settlement.reason && <p>Our team's reason: {settlement.reason}</p>}
      <Details>
        <Detail label="Back to the buyer">{amount(settlement.refund_minor)}</Detail>
        <Detail label="Released to the seller">{amount(settlement.released_minor)}</Detail>
        <Detail label={`Platform fee (${feePercent})`}>{amount(settlement.fee_minor)}</Detail>
        <Detail label="Seller's payout">{amount(settlement.payout_minor)}</Detail>
      </Details>
      <MoneyState
        contractId={contract.id}
        status={contract.status}
        side={dispute.your_side}
        settlement={settlement}
        amount={amount}
      />
    </>
  );
}

/** While the contract is settling the money is on its way; once its status is final, it was paid. */
function MoneyState({
  contractId,
  status,
  side,
  settlement,
  amount,
}: {
  contractId: string;
  status: ContractView['status'];
  side: DisputeSide;
  settlement: Settlement;
  amount: (minor: number) => string;
}) {
  const buyer = side === 'payer';
  const paid = isFinal(status);
  const refund =
    settlement.refund_minor > 0 &&
    `${amount(settlement.refund_minor)} ${paid ? 'refunded' : 'is being refunded'} to ${buyer ? 'you' : sideName('payer')}`;
  const payoutAmount = buyer
    ? amount(settlement.payout_minor)
    : `${amount(settlement.payout_minor)} (${amount(settlement.released_minor)} less the ${amount(settlement.fee_minor)} fee)`;
  // A seller with no bank details on file: their share waits for them, it is not on its way.
  const waits = !buyer && !paid && settlement.payout_waits_for_bank_details === true;
  const payout =
    settlement.payout_minor > 0 &&
    (waits
      ? `${payoutAmount} will be paid to your bank account once you add your bank details`
      : `${payoutAmount} ${paid ? 'paid' : 'is being paid'} to ${buyer ? sideName('creator') : 'your bank account'}`);
  // The reader's own money first.
  const legs = (buyer ? [refund, payout] : [payout, refund]).filter((leg): leg is string => Boolean(leg));
  const text = `${legs.join(' and ')}.`;
  if (waits)
    return (
      <Alert tone="warning">
        {text}{' '}
        <Link to={paths.bankInfo.getHref(paths.myContractDetails.getHref(contractId))} className={linkClass}>
          Add your bank details
        </Link>
      </Alert>
    );
  if (!paid) return <Alert tone="info">{text} This page updates by itself.</Alert>;
  return <Alert tone="success">Done: {text}</Alert>;
}
