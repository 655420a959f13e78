import type { ContractForAcceptor } from '@escrow/api/contracts';
import { formatAmount } from '@escrow/domain/money';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { StatusBadge } from '../../components/contract-status';
import { TitleAndDescription } from '../../components/offer-details';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { IdSearchForm } from '../../components/ui/id-search-form';
import { Detail, Details, Page } from '../../components/ui/page';
import { failureMessage } from '../../lib/api';
import { useAcceptContract } from './accept-contract';
import { getContractForAcceptor } from './api';
import { contractPageMessages } from './messages';

/** Find a private contract by its ID and accept it (spec §2 "Finding and accepting"); `contractId` is looked up at once. */
export function AcceptContractSearch({ contractId: fromRoute }: { contractId: string }) {
  const [contractId, setContractId] = useState(fromRoute);
  const [contract, setContract] = useState<ContractForAcceptor | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);
  const latestSearch = useRef(0);
  const acceptance = useAcceptContract(setError);

  async function search(id: string) {
    setError(null);
    setContract(null);
    if (!id.trim()) {
      setError(contractPageMessages.enterContractId);
      return;
    }
    const mine = ++latestSearch.current;
    setSearching(true);
    try {
      const found = await getContractForAcceptor(id.trim());
      if (mine === latestSearch.current) setContract(found);
    } catch (failure) {
      if (mine === latestSearch.current) setError(failureMessage(failure, contractPageMessages.notFoundOrError));
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
          <Button onClick={() => acceptance.start(contract)} disabled={acceptance.accepting}>
            {acceptance.accepting ? 'Accepting...' : 'Accept Contract'}
          </Button>
        </>
      )}
      {acceptance.policyDialog}
    </Page>
  );
}
