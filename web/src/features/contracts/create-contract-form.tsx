import { type CreateContractRequest, createContractRequestSchema, type MilestoneRequest } from '@escrow/api/contracts';
import { createCurrencies, defaultCurrency, feePreview, formatAmount } from '@escrow/domain/money';
import { type ReactNode, useEffect, useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { blankOfferTerms, InspectionDaysField } from '../../components/offer-fields';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/field';
import { FormCard } from '../../components/ui/form-card';
import { paths } from '../../config/paths';
import { useApiForm } from '../../lib/form';
import { createContract } from './api';
import { ContractFields } from './contract-fields';
import { contractPageMessages } from './messages';
import { blankMilestone, MilestoneRowsField, typedMilestonesSum } from './milestones';

/**
 * What the create page is handed after creating: the banner, whom the buyer was named by (an
 * email), and whether the server emailed them (false: the link must be shared by hand).
 */
export interface CreatedState {
  created: true;
  invitedEmail?: string;
  invitationEmailed?: boolean;
}

/**
 * Spec §2 "Contract creation": a private contract for one named buyer (their User ID, or their
 * email: an invitation when they have no account yet), created once the policy is confirmed. The
 * form is the server's own request schema; under the value, what the seller will receive after
 * the fee, as they type. `account` says who is signed in, above the form.
 */
export function CreateContractForm({ account }: { account: ReactNode }) {
  const navigate = useNavigate();
  const form = useApiForm(createContractRequestSchema, {
    fallback: contractPageMessages.unknownError,
    defaultValues: { acceptorId: '', ...blankOfferTerms, value: '' },
  });
  const [pending, setPending] = useState<CreateContractRequest | null>(null);
  const value = String(form.watch('value') ?? '');
  const currency = form.watch('currency') ?? defaultCurrency;
  // Split into milestones (issue 38): the rows replace the typed value, which becomes their sum.
  const rows = useFieldArray({ control: form.control, name: 'milestones' as never });
  const split = rows.fields.length > 0;
  const typedRows = (form.watch('milestones') ?? []) as MilestoneRequest[];
  // Not split (as it opens): no milestones at all, not an empty list the schema would refuse.
  const { unregister } = form;
  useEffect(() => unregister('milestones'), [unregister]);
  function splitInto(on: boolean) {
    if (on) {
      form.unregister('value');
      rows.replace([blankMilestone(), blankMilestone()]);
    } else {
      rows.remove();
      form.unregister('milestones');
    }
  }

  // Nothing is created until the policy is confirmed (spec §2 "Contract creation").
  const check = form.handleSubmit((request) => setPending(request));

  async function confirmPolicy() {
    const request = pending;
    setPending(null);
    if (!request) return;
    const created = await form.run(() => createContract(request));
    if (!created) return;
    const named = request.acceptorId.trim();
    const state: CreatedState = {
      created: true,
      ...(named.includes('@')
        ? { invitedEmail: named.toLowerCase(), invitationEmailed: created.invitation_emailed !== false }
        : {}),
    };
    navigate(paths.myCreatedContract.getHref(created.id), { state });
  }

  return (
    <FormCard title="Create a Private Contract" subtitle="A contract for one named buyer.">
      {account}
      <form noValidate onSubmit={check} className="space-y-4">
        <TextField
          label="Buyer's email or User ID"
          autoComplete="off"
          required
          hint={
            <span className="text-gray-600 dark:text-gray-400">
              The buyer's User ID, or their email address: we email them a link to the contract, and they can sign up from it.
            </span>
          }
          {...form.field('acceptorId')}
        />
        <ContractFields
          field={(name) => ({ ...form.register(name), error: form.fieldError(name) })}
          value={value}
          currency={currency}
          currencies={createCurrencies}
          onCurrency={(next) => form.setValue('currency', next)}
          valuePreview={(minor) => (
            <span data-testid="fee-preview" className="font-medium text-emerald-800 dark:text-emerald-300">
              {feePreview(minor, currency)}
            </span>
          )}
          valueFixed={
            split ? (
              <p data-testid="milestones-value">
                Value: {formatAmount(typedMilestonesSum(typedRows), currency)} (the sum of the milestones)
              </p>
            ) : undefined
          }
        />
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={split} onChange={(event) => splitInto(event.target.checked)} />
          Split into milestones (each delivered, accepted and paid on its own)
        </label>
        {split && (
          <MilestoneRowsField
            rows={rows.fields}
            currency={currency}
            field={(index, name) =>
              form.field(
                `milestones.${index}.${name}` as never,
                name === 'dueDate' ? { setValueAs: (day: string) => (day === '' ? undefined : day) } : undefined,
              )
            }
            typed={(index) => String(typedRows[index]?.amount ?? '')}
            rowsError={form.fieldError('milestones' as never)}
            onAdd={() => rows.append(blankMilestone())}
            onRemove={(index) => rows.remove(index)}
          />
        )}
        <InspectionDaysField {...form.field('inspectionDays', { valueAsNumber: true })} />
        {form.error && <Alert tone="error">{form.error}</Alert>}
        <Button type="submit" className="w-full" disabled={form.working}>
          {form.working ? 'Creating...' : 'Create Contract'}
        </Button>
      </form>
      {pending && (
        <Dialog
          title="Contract Creation Policy"
          actions={
            <>
              <Button variant="secondary" onClick={() => setPending(null)}>
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
