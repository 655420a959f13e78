import { type ContractForAcceptor, offeredTerms } from '@escrow/api/contracts';
import { acceptRefusal } from '@escrow/domain/escrow-contract';
import { formatAmount } from '@escrow/domain/money';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { inspectionWindowText } from '../../components/offer-details';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { paths } from '../../config/paths';
import { ApiError, failureMessage } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { contractChangedBy, useRealtimeEvent } from '../../lib/realtime';
import { acceptContract, getContractForAcceptor } from './api';
import { contractPageMessages } from './messages';

/**
 * Spec §5 "Accept contract", the one flow of every page that accepts (/accept-contract-manual/{id}
 * and /contracts/{id}): `start` checks what the browser can see (the domain's `acceptRefusal`),
 * then `policyDialog` asks for the Acceptance Policy, and only 'I Agree & Accept' accepts and opens
 * the escrow payment page. Refusals and failures go to `onError` (null clears it). It accepts the
 * terms the page showed (`shown`), and keeps them current: when the seller changes the contract
 * while the page is open (its realtime event), or an acceptance is refused because it changed
 * (409), the contract is read again and handed to `onFresh`.
 */
export function useAcceptContract(
  onError: (message: string | null) => void,
  shown: ContractForAcceptor | null,
  onFresh: (contract: ContractForAcceptor) => void,
) {
  const navigate = useNavigate();
  const refresh = (contractId: string) => {
    getContractForAcceptor(contractId).then(onFresh, () => undefined);
  };
  useRealtimeEvent((event) => {
    const changed = contractChangedBy(event);
    if (changed && changed === shown?.id) refresh(changed);
  });
  const { state: auth } = useAuth();
  const userId = auth.status === 'signedIn' ? auth.user.sub : '';
  const [asking, setAsking] = useState<ContractForAcceptor | null>(null);
  const [accepting, setAccepting] = useState(false);

  function start(contract: ContractForAcceptor) {
    const refusal = acceptRefusal(contract, userId);
    if (refusal) {
      onError(refusal);
      return;
    }
    onError(null);
    setAsking(contract);
  }

  async function accept(contract: ContractForAcceptor) {
    setAsking(null);
    setAccepting(true);
    try {
      await acceptContract(contract.id, offeredTerms(contract));
      navigate(paths.escrowPayment.getHref(contract.id));
    } catch (failure) {
      onError(failureMessage(failure, contractPageMessages.acceptFailed));
      setAccepting(false);
      if (failure instanceof ApiError && failure.status === 409) refresh(contract.id);
    }
  }

  const policyDialog = asking && (
    <AcceptancePolicyDialog contract={asking} onCancel={() => setAsking(null)} onAccept={() => void accept(asking)} />
  );
  return { start, accepting, policyDialog };
}

function AcceptancePolicyDialog({
  contract,
  onCancel,
  onAccept,
}: {
  contract: ContractForAcceptor;
  onCancel: () => void;
  onAccept: () => void;
}) {
  return (
    <Dialog
      title="Acceptance Policy"
      actions={
        <>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button onClick={onAccept}>I Agree & Accept</Button>
        </>
      }
    >
      <p>
        By accepting this contract you agree to pay {formatAmount(contract.value_minor, contract.currency)} into escrow. The money
        is held securely and released to the creator only after you mark the contract as completed.
      </p>
      <p className="mt-2">
        After the seller delivers, you have {inspectionWindowText(contract.inspection_days)} to check the delivery and mark it
        completed or open a dispute. If you do neither, the delivery counts as accepted.
      </p>
    </Dialog>
  );
}
