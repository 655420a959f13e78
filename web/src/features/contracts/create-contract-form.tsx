import { createCurrencies, defaultCurrency } from '@escrow/domain/money';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { defaultInspectionDaysText, InspectionDaysField } from '../../components/offer-fields';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/field';
import { FormCard } from '../../components/ui/form-card';
import { paths } from '../../config/paths';
import { failureMessage } from '../../lib/api';
import { createContract } from './api';
import { ContractFields } from './contract-fields';
import { type CreateContractInput, checkCreateContract } from './contract-form';
import { contractPageMessages } from './messages';

const emptyForm: CreateContractInput = {
  acceptorId: '',
  title: '',
  description: '',
  value: '',
  currency: defaultCurrency,
  inspectionDays: defaultInspectionDaysText,
};

/**
 * Spec §2 "Contract creation": a private contract for one named acceptor, created once the policy
 * is confirmed. `account` says who is signed in, above the form.
 */
export function CreateContractForm({ account }: { account: ReactNode }) {
  const navigate = useNavigate();
  const [form, setForm] = useState(emptyForm);
  const [error, setError] = useState<string | null>(null);
  const [policyOpen, setPolicyOpen] = useState(false);
  const [working, setWorking] = useState(false);

  const set = <K extends keyof CreateContractInput>(key: K, value: CreateContractInput[K]) =>
    setForm((previous) => ({ ...previous, [key]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (working) return;
    const checked = checkCreateContract(form);
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    setError(null);
    // Nothing is created until the policy is confirmed (spec §2 "Contract creation").
    setPolicyOpen(true);
  }

  async function confirmPolicy() {
    const checked = checkCreateContract(form);
    setPolicyOpen(false);
    if (!checked.ok) return;
    setWorking(true);
    try {
      const { id } = await createContract(checked.request);
      navigate(paths.myCreatedContract.getHref(id), { state: { created: true } });
    } catch (failure) {
      setError(failureMessage(failure, contractPageMessages.unknownError));
      setWorking(false);
    }
  }

  return (
    <FormCard title="Create a Private Contract" subtitle="A contract for one named acceptor.">
      {account}
      <form noValidate onSubmit={submit} className="space-y-4">
        <TextField
          label="Acceptor User ID"
          name="acceptorId"
          autoComplete="off"
          required
          value={form.acceptorId}
          onChange={(event) => set('acceptorId', event.target.value)}
        />
        <ContractFields form={form} currencies={createCurrencies} set={set} />
        <InspectionDaysField value={form.inspectionDays} onChange={(days) => set('inspectionDays', days)} />
        {error && <Alert tone="error">{error}</Alert>}
        <Button type="submit" className="w-full" disabled={working}>
          {working ? 'Creating...' : 'Create Contract'}
        </Button>
      </form>
      {policyOpen && (
        <Dialog
          title="Contract Creation Policy"
          actions={
            <>
              <Button variant="secondary" onClick={() => setPolicyOpen(false)}>
                Cancel
              </Button>
              <Button onClick={() => void confirmPolicy()}>I Agree & Create Contract</Button>
            </>
          }
        >
          <p>
            Before creating this contract, please read our{' '}
            <Link
              to={paths.contractCreationPolicy.getHref()}
              target="_blank"
              rel="noopener noreferrer"
              className="font-medium text-emerald-700 underline dark:text-emerald-400"
            >
              Contract Creation Policy
            </Link>
            . By continuing you confirm that the contract details are accurate and that you agree to the policy.
          </p>
        </Dialog>
      )}
    </FormCard>
  );
}
