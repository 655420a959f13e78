import { type ContractForAcceptor, contractIdRequestSchema } from '@escrow/api/contracts';
import { formatAmount } from '@escrow/domain/money';
import { type FormEvent, useEffect, useState } from 'react';
import { StatusBadge } from '../../components/contract-status';
import { InspectionWindowDetail, TitleAndDescription } from '../../components/offer-details';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { IdSearchForm } from '../../components/ui/id-search-form';
import { Detail, Details, Page } from '../../components/ui/page';
import { useApiForm } from '../../lib/form';
import { useAcceptContract } from './accept-contract';
import { getContractForAcceptor } from './api';
import { contractPageMessages } from './messages';

/** Find a private contract by its ID and accept it (spec §2 "Finding and accepting"); `contractId` is looked up at once. */
export function AcceptContractSearch({ contractId }: { contractId: string }) {
  // Another id in the route is a search of its own: whatever the last one left (its answer on the
  // way, the contract found, a refusal) is dropped with it.
  return <Search key={contractId} fromRoute={contractId} />;
}

function Search({ fromRoute }: { fromRoute: string }) {
  const [contract, setContract] = useState<ContractForAcceptor | null>(null);
  const form = useApiForm(contractIdRequestSchema, {
    fallback: contractPageMessages.notFoundOrError,
    defaultValues: { contractId: fromRoute },
  });
  // The contract found, as it is now: the seller may change it while this page is open.
  const acceptance = useAcceptContract(form.refuse, contract, setContract);
  const lookUp = form.submit(({ contractId }) => getContractForAcceptor(contractId), setContract);

  function search(event?: FormEvent) {
    setContract(null);
    form.refuse(null);
    return lookUp(event);
  }

  // Arriving from a contract view with its id: look it up straight away.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the id in the route (this component's key) triggers a search
  useEffect(() => {
    if (fromRoute) void search();
  }, []);

  return (
    <Page title="Accept a Contract">
      <IdSearchForm
        label="Contract ID"
        onSubmit={(event) => void search(event)}
        searching={form.working}
        {...form.field('contractId')}
      />
      {form.error && <Alert tone="error">{form.error}</Alert>}
      {contract && (
        <>
          <Details>
            <TitleAndDescription title={contract.title} description={contract.description} />
            <Detail label="Value">{formatAmount(contract.value_minor, contract.currency)}</Detail>
            <InspectionWindowDetail days={contract.inspection_days} forBuyer />
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
