import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { createCurrencies, defaultCurrency } from '../../../../lambdas/core/money';
import { paths } from '../../app/paths';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/field';
import { FormCard } from '../../components/ui/form-card';
import { createContract } from '../../features/contracts/api';
import { ContractFields } from '../../features/contracts/contract-fields';
import { type CreateContractInput, checkCreateContract } from '../../features/contracts/contract-form';
import { contractMessages } from '../../features/contracts/messages';
import { useProfile } from '../../features/profile/use-profile';
import { failureMessage } from '../../lib/api';
import { useAuth } from '../../lib/auth';

const emptyForm: CreateContractInput = { acceptorId: '', title: '', description: '', value: '', currency: defaultCurrency };

export function CreateContractPage() {
  const navigate = useNavigate();
  const { state } = useAuth();
  const profile = useProfile();
  const [form, setForm] = useState(emptyForm);
  const [error, setError] = useState<string | null>(null);
  const [policyOpen, setPolicyOpen] = useState(false);
  const [working, setWorking] = useState(false);

  const email = state.status === 'signedIn' ? state.user.email : '';
  const username = profile.status === 'loaded' ? profile.account.profile?.username : null;
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
      setError(failureMessage(failure, contractMessages.unknownError));
      setWorking(false);
    }
  }

  return (
    <FormCard title="Create a Private Contract" subtitle="A contract for one named acceptor.">
      <div className="rounded-md bg-gray-50 px-3 py-2 text-sm dark:bg-gray-800">
        <p>
          Logged in as: <span className="font-medium">{email}</span>
        </p>
        {username && (
          <p>
            Username: <span className="font-medium">@{username}</span>
          </p>
        )}
      </div>
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
