import { type FormEvent, useCallback, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { ContractView } from '../../../../lambdas/core/contracts/escrow';
import { editCurrencies, formatAmount, toDecimalString } from '../../../../lambdas/core/money';
import { paths } from '../../app/paths';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { CopyableId } from '../../components/ui/copy-button';
import { Dialog } from '../../components/ui/dialog';
import { TextAreaField, TextField } from '../../components/ui/field';
import { Detail, Details, Loading, Page, secondaryLinkButtonClass } from '../../components/ui/page';
import { type ContractWithPeople, deleteContract, editContract, getContract } from '../../features/contracts/api';
import { checkEditContract, type EditContractInput } from '../../features/contracts/contract-form';
import { StatusBadge } from '../../features/contracts/contract-status';
import { CurrencySelect } from '../../features/contracts/currency-select';
import { contractMessages } from '../../features/contracts/messages';
import { PaymentProgress } from '../../features/contracts/payment-progress';
import { personName } from '../../features/contracts/people';
import { contractTotalMinor } from '../../features/contracts/progress';
import { failureMessage } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { formatDate, shortId } from '../../lib/format';
import { useLoad } from '../../lib/use-load';

const toInput = (contract: ContractView): EditContractInput => ({
  title: contract.title,
  description: contract.description,
  value: toDecimalString(contract.value_minor),
  currency: contract.currency,
});

const backToList = (
  <Link to={paths.viewContracts.getHref()} className={secondaryLinkButtonClass}>
    Back to My Contracts
  </Link>
);

/** Creator-only view and edit of a contract (spec §2 "Creator's contract views"). */
export function MyContractDetailsPage() {
  const { contractId = '' } = useParams();
  const { state: auth } = useAuth();
  const userId = auth.status === 'signedIn' ? auth.user.sub : '';
  const [state, setData] = useLoad(useCallback(() => getContract(contractId), [contractId]));

  if (state.status === 'loading') {
    return (
      <Page title="Contract Details" actions={backToList}>
        <Loading />
      </Page>
    );
  }
  if (state.status === 'failed') {
    return (
      <Page title="Contract Details" actions={backToList}>
        <Alert tone="error">{failureMessage(state.error, contractMessages.loadDetailsFailed)}</Alert>
      </Page>
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
  return <ContractDetails data={state.data} onSaved={(contract) => setData((previous) => ({ ...previous, contract }))} />;
}

function ContractDetails({ data, onSaved }: { data: ContractWithPeople; onSaved: (contract: ContractView) => void }) {
  const { contract, people } = data;
  const navigate = useNavigate();
  const [form, setForm] = useState<EditContractInput | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'info'; text: string } | null>(null);
  const [working, setWorking] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const pending = contract.status === 'pending';

  const set = <K extends keyof EditContractInput>(key: K, value: EditContractInput[K]) =>
    setForm((previous) => (previous ? { ...previous, [key]: value } : previous));

  function startEditing() {
    setError(null);
    setNotice(null);
    setForm(toInput(contract));
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!form || working) return;
    const checked = checkEditContract(form);
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    setError(null);
    setWorking(true);
    try {
      onSaved(await editContract(contract.id, checked.request));
      setForm(null);
      setNotice({ tone: 'success', text: contractMessages.saved });
    } catch (failure) {
      setError(failureMessage(failure, contractMessages.saveFailed));
    } finally {
      setWorking(false);
    }
  }

  async function remove() {
    setConfirmDelete(false);
    setWorking(true);
    try {
      await deleteContract(contract.id);
      navigate(paths.viewContracts.getHref(), { replace: true });
    } catch (failure) {
      setError(failureMessage(failure, contractMessages.deleteFailed));
      setWorking(false);
    }
  }

  if (form) {
    return (
      <Page title="Edit Contract" actions={backToList}>
        <form noValidate onSubmit={save} className="space-y-4">
          <TextField
            label="Contract Title"
            name="title"
            required
            value={form.title}
            onChange={(e) => set('title', e.target.value)}
          />
          <TextAreaField
            label="Description"
            name="description"
            required
            value={form.description}
            onChange={(e) => set('description', e.target.value)}
          />
          <TextField
            label="Value"
            name="value"
            type="number"
            inputMode="decimal"
            min="0.01"
            step="0.01"
            required
            value={form.value}
            onChange={(e) => set('value', e.target.value)}
          />
          <CurrencySelect options={editCurrencies} value={form.currency} onChange={(currency) => set('currency', currency)} />
          {error && <Alert tone="error">{error}</Alert>}
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={working}>
              {working ? 'Saving...' : 'Save Changes'}
            </Button>
            <Button
              variant="secondary"
              disabled={working}
              onClick={() => {
                setError(null);
                setForm(null);
              }}
            >
              Cancel
            </Button>
          </div>
        </form>
      </Page>
    );
  }

  const total = contractTotalMinor(contract);
  return (
    <Page title="Contract Details" actions={backToList}>
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      <Details>
        <Detail label="Status">
          <StatusBadge status={contract.status} />
        </Detail>
        <Detail label="Contract ID">
          <CopyableId id={contract.id} />
        </Detail>
        <Detail label="Title">{contract.title}</Detail>
        <Detail label="Description">
          <span className="whitespace-pre-line">{contract.description}</span>
        </Detail>
        <Detail label="Value">{formatAmount(contract.value_minor, contract.currency)}</Detail>
        <Detail label="Currency">{contract.currency}</Detail>
        <Detail label="Created">{formatDate(contract.created_at)}</Detail>
        <Detail label="Creator ID">
          <code title={contract.creator_id}>{shortId(contract.creator_id)}</code>
        </Detail>
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
        <Detail label="Marked as completed by">
          {contract.marked_as_cc ? personName(people, contract.marked_as_cc) : 'Not yet marked as completed.'}
        </Detail>
      </Details>
      {error && <Alert tone="error">{error}</Alert>}
      <div className="flex flex-wrap gap-3">
        {pending && (
          <>
            <Button onClick={startEditing} disabled={working}>
              Modify Contract
            </Button>
            <Button
              variant="secondary"
              className="text-red-700 dark:text-red-400"
              onClick={() => setConfirmDelete(true)}
              disabled={working}
            >
              Delete Contract
            </Button>
          </>
        )}
        <Button variant="secondary" onClick={() => setNotice({ tone: 'info', text: contractMessages.modificationRequest })}>
          Request Modification
        </Button>
      </div>
      {confirmDelete && (
        <Dialog
          title="Delete Contract"
          actions={
            <>
              <Button variant="secondary" onClick={() => void remove()}>
                Delete
              </Button>
              <Button onClick={() => setConfirmDelete(false)}>Keep Contract</Button>
            </>
          }
        >
          <p>Are you sure you want to delete this contract? This cannot be undone.</p>
        </Dialog>
      )}
    </Page>
  );
}
