import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { ContractForAcceptor } from '../../../../lambdas/core/contracts/escrow';
import { formatAmount } from '../../../../lambdas/core/money';
import { paths } from '../../app/paths';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { IdSearchForm } from '../../components/ui/id-search-form';
import { Detail, Details, Page } from '../../components/ui/page';
import { acceptRefusal } from '../../features/contracts/accept';
import { acceptContract, getContractForAcceptor } from '../../features/contracts/api';
import { StatusBadge } from '../../features/contracts/contract-status';
import { contractMessages } from '../../features/contracts/messages';
import { TitleAndDescription } from '../../features/contracts/offer-details';
import { failureMessage } from '../../lib/api';
import { useAuth } from '../../lib/auth';

/** Find a private contract by its ID and accept it (spec §2 "Finding and accepting"). */
export function AcceptContractManualPage() {
  const { contractId: fromRoute = '' } = useParams();
  const navigate = useNavigate();
  const { state: auth } = useAuth();
  const userId = auth.status === 'signedIn' ? auth.user.sub : '';
  const [contractId, setContractId] = useState(fromRoute);
  const [contract, setContract] = useState<ContractForAcceptor | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);
  const [accepting, setAccepting] = useState(false);
  const [policyOpen, setPolicyOpen] = useState(false);
  const latestSearch = useRef(0);

  async function search(id: string) {
    setError(null);
    setContract(null);
    if (!id.trim()) {
      setError(contractMessages.enterContractId);
      return;
    }
    const mine = ++latestSearch.current;
    setSearching(true);
    try {
      const found = await getContractForAcceptor(id.trim());
      if (mine === latestSearch.current) setContract(found);
    } catch (failure) {
      if (mine === latestSearch.current) setError(failureMessage(failure, contractMessages.notFoundOrError));
    } finally {
      if (mine === latestSearch.current) setSearching(false);
    }
  }

  // Arriving from a contract view with its id: look it up straight away.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the id in the route should trigger a search
  useEffect(() => {
    setContractId(fromRoute);
    if (fromRoute) void search(fromRoute);
  }, [fromRoute]);

  function submit(event: FormEvent) {
    event.preventDefault();
    void search(contractId);
  }

  function startAccepting() {
    if (!contract) return;
    const refusal = acceptRefusal(contract, userId);
    if (refusal) {
      setError(refusal);
      return;
    }
    setError(null);
    setPolicyOpen(true);
  }

  async function accept() {
    if (!contract) return;
    setPolicyOpen(false);
    setAccepting(true);
    try {
      await acceptContract(contract.id);
      navigate(paths.escrowPayment.getHref(contract.id));
    } catch (failure) {
      setError(failureMessage(failure, contractMessages.acceptFailed));
      setAccepting(false);
    }
  }

  return (
    <Page title="Accept a Contract">
      <IdSearchForm
        label="Contract ID"
        name="contractId"
        value={contractId}
        onChange={setContractId}
        onSubmit={submit}
        searching={searching}
      />
      {error && <Alert tone="error">{error}</Alert>}
      {contract && (
        <>
          <Details>
            <TitleAndDescription title={contract.title} description={contract.description} />
            <Detail label="Value">{formatAmount(contract.value_minor, contract.currency)}</Detail>
            <Detail label="Status">
              <StatusBadge status={contract.status} />
            </Detail>
          </Details>
          <Button onClick={startAccepting} disabled={accepting}>
            {accepting ? 'Accepting...' : 'Accept Contract'}
          </Button>
        </>
      )}
      {policyOpen && contract && (
        <Dialog
          title="Acceptance Policy"
          actions={
            <>
              <Button variant="secondary" onClick={() => setPolicyOpen(false)}>
                Cancel
              </Button>
              <Button onClick={() => void accept()}>I Agree & Accept</Button>
            </>
          }
        >
          <p>
            By accepting this contract you agree to pay {formatAmount(contract.value_minor, contract.currency)} into escrow. The
            money is held securely and released to the creator only after you mark the contract as completed.
          </p>
        </Dialog>
      )}
    </Page>
  );
}
