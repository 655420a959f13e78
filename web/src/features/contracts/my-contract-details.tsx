import type { ContractView, ContractWithPeople } from '@escrow/api/contracts';
import { contractMessages, termsEditable } from '@escrow/domain/escrow-contract';
import { hasMilestones } from '@escrow/domain/milestones';
import { formatAmount } from '@escrow/domain/money';
import { type ComponentType, lazy, Suspense, useCallback } from 'react';
import { Link } from 'react-router-dom';
import { StatusBadge } from '../../components/contract-status';
import { TitleAndDescription } from '../../components/offer-details';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ConfirmDeleteDialog, DeleteButton } from '../../components/ui/confirm-dialog';
import { IdDetail } from '../../components/ui/copy-button';
import { NotLoadedPage } from '../../components/ui/not-loaded-page';
import { Detail, Details, Loading, linkButtonClass, Page, secondaryLinkButtonClass } from '../../components/ui/page';
import { paths } from '../../config/paths';
import { failureMessage } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { formatDate, formatDateTime } from '../../lib/format';
import { personName } from '../../lib/people';
import { useEditAndDelete } from '../../lib/use-edit-and-delete';
import { useLoad } from '../../lib/use-load';
import { deleteContract, getContract } from './api';
import { CancelContract } from './cancel-contract';
import { buyerAcceptance } from './completion';
import { ContractTimeline, LinkedSection, SectionLink } from './contract-timeline';
import { DeliveryDetails, MarkDeliveredForm } from './delivery';
import { DisputeSection } from './dispute-section';
import { contractPageMessages } from './messages';
import { MilestoneList, MilestoneOf, refundableOf } from './milestones';
import { PaymentProgress } from './payment-progress';
import { contractTotalMinor } from './progress';
import { ShareContract } from './share-link';
import { useLiveContract } from './use-live-contract';

// The edit form (react-hook-form, the form's schema) is loaded when the seller edits, not with the page.
const EditContractForm = lazy(() => import('./edit-contract-form').then((m) => ({ default: m.EditContractForm })));

const backToList = (
  <Link to={paths.viewContracts.getHref()} className={secondaryLinkButtonClass}>
    Back to My Contracts
  </Link>
);

/**
 * The seller's release of the funds, shown beside "Your turn: release the funds" (the payouts
 * feature's, given by the page: features do not import each other). It answers the server's
 * message and the contract as it now is.
 */
export type ReleaseAction = ComponentType<{
  contract: ContractView;
  onReleased: (message: string, contract: ContractView) => void;
}>;

/**
 * While the payout is under way: the payouts feature's confirmation of a moved exchange rate, which
 * shows itself only when the payout waits for it (given by the page, like the release).
 */
export type RateConfirmation = ComponentType<{ contract: ContractView }>;

/** Creator-only view and edit of a contract (spec §2 "Creator's contract views"). */
export function MyContractDetails({
  contractId,
  release: Release,
  rateConfirmation: RateConfirm,
}: {
  contractId: string;
  release: ReleaseAction;
  rateConfirmation?: RateConfirmation;
}) {
  const { state: auth } = useAuth();
  const userId = auth.status === 'signedIn' ? auth.user.sub : '';
  const [state] = useLoad(useCallback(() => getContract(contractId), [contractId]));

  if (state.status !== 'loaded') {
    return (
      <NotLoadedPage
        title="Contract Details"
        actions={backToList}
        state={state}
        failure={(error) => failureMessage(error, contractPageMessages.loadDetailsFailed)}
      />
    );
  }
  // The acceptor and payers may read the contract too, but this page is the creator's.
  if (state.data.contract.creator_id !== userId) {
    return (
      <Page title="Contract Details" actions={backToList}>
        <Alert tone="error">{contractMessages.notCreator}</Alert>
      </Page>
    );
  }
  return <ContractDetails data={state.data} Release={Release} RateConfirm={RateConfirm} />;
}

function ContractDetails({
  data,
  Release,
  RateConfirm,
}: {
  data: ContractWithPeople;
  Release: ReleaseAction;
  RateConfirm?: RateConfirmation;
}) {
  const { contract, people, evidence, milestones, setContract: onSaved, dispute } = useLiveContract(data);
  // A contract in milestones is delivered, accepted, disputed and released milestone by milestone, each on its own page.
  const split = hasMilestones(contract);
  const edit = useEditAndDelete({
    remove: () => deleteContract(contract.id),
    afterDelete: paths.viewContracts.getHref(),
    messages: contractPageMessages,
  });
  const editable = termsEditable(contract.status);

  if (edit.editing) {
    return (
      <Page title="Edit Contract" actions={backToList}>
        <Suspense fallback={<Loading>Loading the form...</Loading>}>
          <EditContractForm
            contract={contract}
            onSaved={(saved) => {
              onSaved(saved);
              edit.saved();
            }}
            onCancel={edit.cancel}
          />
        </Suspense>
      </Page>
    );
  }

  const total = contractTotalMinor(contract);
  const acceptance = buyerAcceptance(contract, dispute.state.status === 'loaded' ? dispute.known : undefined);
  const markDelivered = (
    <MarkDeliveredForm
      contract={contract}
      onDelivered={(delivered) => {
        onSaved(delivered);
        edit.setNotice({ tone: 'success', text: contractPageMessages.delivered });
      }}
    />
  );
  return (
    <Page title="Contract Details" actions={backToList}>
      {edit.notice && <Alert tone={edit.notice.tone}>{edit.notice.text}</Alert>}
      {contract.milestone_of && <MilestoneOf of={contract.milestone_of} />}
      <Details>
        <Detail label="Status">
          <StatusBadge status={contract.status} />
        </Detail>
        <IdDetail label="Contract ID" id={contract.id} />
        <TitleAndDescription title={contract.title} description={contract.description} />
        <Detail label="Value">{formatAmount(contract.value_minor, contract.currency)}</Detail>
        <Detail label="Currency">{contract.currency}</Detail>
        <Detail label="Created">{formatDate(contract.created_at)}</Detail>
        <Detail label="Seller">{personName(people, contract.creator_id)}</Detail>
        {contract.invited_email && <Detail label="Invited">{contract.invited_email}</Detail>}
        <Detail label="Accepted by">
          {contract.accepted_by.length === 0
            ? 'Not accepted yet.'
            : contract.accepted_by.map((acceptorId) => personName(people, acceptorId)).join(', ')}
        </Detail>
        <Detail label="Payment progress">
          <PaymentProgress paidMinor={contract.amount_paid_minor} totalMinor={total} currency={contract.currency} />
        </Detail>
        <Detail label="Payers">
          {contract.payer_user_ids.length === 0 ? (
            'No payments yet.'
          ) : (
            <ul className="space-y-1">
              {contract.payer_user_ids.map((payerId) => (
                <li key={payerId}>{personName(people, payerId)}</li>
              ))}
            </ul>
          )}
        </Detail>
        <DeliveryDetails contract={contract} evidence={evidence} />
        {acceptance?.kind === 'lapsed' ? (
          // Nobody marked it: the buyer let the inspection window end, which counts as accepting.
          <Detail label="Delivery accepted">
            {`Inspection ended without objection${acceptance.at ? ` · ${formatDateTime(acceptance.at)}` : ''}`}
          </Detail>
        ) : (
          acceptance && (
            <Detail label="Marked as completed by">
              {acceptance.kind === 'marked' ? personName(people, acceptance.by) : 'Not yet marked as completed.'}
            </Detail>
          )
        )}
      </Details>
      {contract.status === 'pending' && <ShareContract contract={contract} />}
      {contract.status === 'releasing' && RateConfirm && <RateConfirm contract={contract} />}
      {split ? (
        <MilestoneList milestones={milestones} currency={contract.currency} side="creator" />
      ) : (
        <ContractTimeline
          contract={contract}
          side="creator"
          dispute={dispute.known}
          actions={{
            deliver: markDelivered,
            release: (
              <Release
                contract={contract}
                onReleased={(message, released) => {
                  onSaved(released);
                  edit.setNotice({ tone: 'success', text: message });
                }}
              />
            ),
            // The buyer's request is answered in its section; delivering instead is done right here.
            answer_cancellation: (
              <>
                <SectionLink to="cancellation">Answer the buyer's request</SectionLink>
                {markDelivered}
              </>
            ),
            // A settlement's payout that waits for bank details goes as soon as they are saved.
            add_bank_details: (
              <Link to={paths.bankInfo.getHref(paths.myContractDetails.getHref(contract.id))} className={linkButtonClass}>
                Add Bank Information
              </Link>
            ),
          }}
        />
      )}
      {/* A milestone is cancelled only with its whole contract, from that contract's page. */}
      {!contract.milestone_of && (
        <LinkedSection name="cancellation">
          <CancelContract
            contract={contract}
            side="creator"
            people={people}
            onChange={onSaved}
            refundableMinor={split ? refundableOf(milestones) : undefined}
          />
        </LinkedSection>
      )}
      {!split && (
        <LinkedSection name="dispute">
          <DisputeSection
            contract={contract}
            side="creator"
            dispute={dispute.state}
            onChange={dispute.apply}
            evidence={evidence}
          />
        </LinkedSection>
      )}
      {edit.error && <Alert tone="error">{edit.error}</Alert>}
      <div className="flex flex-wrap gap-3">
        {editable && (
          <>
            <Button onClick={edit.startEditing} disabled={edit.working}>
              Modify Contract
            </Button>
            <DeleteButton onClick={edit.askToDelete} disabled={edit.working}>
              Delete Contract
            </DeleteButton>
          </>
        )}
        <Button
          variant="secondary"
          onClick={() => edit.setNotice({ tone: 'info', text: contractPageMessages.modificationRequest })}
        >
          Request Modification
        </Button>
      </div>
      {edit.confirmingDelete && (
        <ConfirmDeleteDialog
          title="Delete Contract"
          keepLabel="Keep Contract"
          onDelete={() => void edit.remove()}
          onKeep={edit.keep}
        >
          Are you sure you want to delete this contract? This cannot be undone.
        </ConfirmDeleteDialog>
      )}
    </Page>
  );
}
