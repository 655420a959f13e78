import type { ContractWithPeople } from '@escrow/api/contracts';
import { isPayable } from '@escrow/domain/escrow-contract';
import { hasMilestones } from '@escrow/domain/milestones';
import { formatAmount } from '@escrow/domain/money';
import { Link } from 'react-router-dom';
import { StatusBadge } from '../../components/contract-status';
import { TitleAndDescription } from '../../components/offer-details';
import { Alert } from '../../components/ui/alert';
import { IdDetail } from '../../components/ui/copy-button';
import { Detail, Details, linkButtonClass, Page, secondaryLinkButtonClass } from '../../components/ui/page';
import { paths } from '../../config/paths';
import { useAuth } from '../../lib/auth';
import { personName } from '../../lib/people';
import { CancelContract } from './cancel-contract';
import { mayMarkCompleted } from './completion';
import { ContractTimeline, LinkedSection, SectionLink } from './contract-timeline';
import { DeliveryDetails } from './delivery';
import { DisputeSection } from './dispute-section';
import { MarkCompletedAction, useMarkCompleted } from './mark-completed';
import { MilestoneList, MilestoneOf, refundableOf } from './milestones';
import { PaymentProgress } from './payment-progress';
import { contractTotalMinor } from './progress';
import { RefundsPanel } from './refunds';
import { yourTurn } from './timeline';
import { useLiveContract } from './use-live-contract';

const backToList = (
  <Link to={paths.engagedContracts.getHref()} className={secondaryLinkButtonClass}>
    Back to Engaged Contracts
  </Link>
);

/**
 * The buyer's view of a contract they accepted or paid for: the deal, where it stands and who must
 * act next, what was delivered, and the buyer's actions (pay, mark as completed, cancel, the dispute).
 */
export function BuyerContract({ deal }: { deal: ContractWithPeople }) {
  const { state: auth } = useAuth();
  const userId = auth.status === 'signedIn' ? auth.user.sub : '';
  const { contract, people, evidence, milestones, setContract, dispute, revision } = useLiveContract(deal);
  // A contract in milestones is delivered, accepted and disputed milestone by milestone, each on its own page.
  const split = hasMilestones(contract);
  const completion = useMarkCompleted(setContract);
  const seller = personName(people, contract.creator_id);
  const payable = isPayable(contract.status);
  const markable = mayMarkCompleted(contract, userId);
  // After the delivery the expected step; before it, offered as accepting early (MarkCompletedAction).
  const markButton = markable && (
    <MarkCompletedAction contract={contract} marking={completion.marking} onAsk={() => completion.ask(contract, seller)} />
  );
  const payLink = payable && (
    <Link to={paths.escrowPayment.getHref(contract.id)} className={linkButtonClass}>
      Proceed to Payment
    </Link>
  );
  const turn = yourTurn(contract, 'payer', dispute.known);
  // What is possible but not what "Your turn" asks: paying while a cancellation request stands,
  // marking it completed before delivery (accepting early).
  const payLater = (split || turn !== 'pay') && payLink;
  const markEarly = !split && turn !== 'inspect' && markButton;

  return (
    <Page title="Contract" actions={backToList}>
      {completion.notice && <Alert tone="success">{completion.notice}</Alert>}
      {completion.error && <Alert tone="error">{completion.error}</Alert>}
      {contract.milestone_of && <MilestoneOf of={contract.milestone_of} />}
      <Details>
        <Detail label="Status">
          <StatusBadge status={contract.status} />
        </Detail>
        <TitleAndDescription title={contract.title} description={contract.description} />
        <Detail label="Amount">{formatAmount(contract.value_minor, contract.currency)}</Detail>
        <Detail label="Seller">{seller}</Detail>
        <Detail label="Paid into escrow">
          <PaymentProgress
            paidMinor={contract.amount_paid_minor}
            totalMinor={contractTotalMinor(contract)}
            currency={contract.currency}
          />
        </Detail>
        <IdDetail label="Contract ID" id={contract.id} />
        <DeliveryDetails contract={contract} evidence={evidence} />
      </Details>
      {split ? (
        <MilestoneList milestones={milestones} currency={contract.currency} side="payer" />
      ) : (
        <ContractTimeline
          contract={contract}
          side="payer"
          dispute={dispute.known}
          actions={{
            pay: payLink,
            inspect: (
              <div className="flex flex-wrap gap-3">
                {markButton}
                <SectionLink to="dispute">Report a problem</SectionLink>
              </div>
            ),
          }}
        />
      )}
      {(payLater || markEarly) && (
        <div className="flex flex-wrap gap-3">
          {payLater}
          {markEarly}
        </div>
      )}
      {/* A milestone is cancelled only with its whole contract, from that contract's page. */}
      {!contract.milestone_of && (
        <CancelContract
          contract={contract}
          side="payer"
          people={people}
          onChange={setContract}
          refundableMinor={split ? refundableOf(milestones) : undefined}
        />
      )}
      {!split && (
        <LinkedSection name="dispute">
          <DisputeSection contract={contract} side="payer" dispute={dispute.state} onChange={dispute.apply} evidence={evidence} />
        </LinkedSection>
      )}
      <RefundsPanel contractId={contract.id} revision={revision} />
      {completion.dialog}
    </Page>
  );
}
