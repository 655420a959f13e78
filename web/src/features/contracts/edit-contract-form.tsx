import type { ContractView } from '@escrow/api/contracts';
import { hasMilestones } from '@escrow/domain/milestones';
import { editCurrencies, formatAmount, toDecimalString } from '@escrow/domain/money';
import { useController } from 'react-hook-form';
import { EditForm } from '../../components/ui/edit-form';
import { useApiForm } from '../../lib/form';
import { editContract } from './api';
import { ContractFields } from './contract-fields';
import { editContractFormSchema } from './edit-contract-schema';
import { contractPageMessages } from './messages';

/** Edit mode: the contract's terms as they are now, sent as the edit once the form's own check passes. */
export function EditContractForm({
  contract,
  onSaved,
  onCancel,
}: {
  contract: ContractView;
  onSaved: (contract: ContractView) => void;
  onCancel: () => void;
}) {
  const form = useApiForm(editContractFormSchema, {
    fallback: contractPageMessages.saveFailed,
    defaultValues: {
      title: contract.title,
      description: contract.description,
      value: toDecimalString(contract.value_minor, contract.currency),
      currency: contract.currency,
    },
  });
  const currency = useController({ control: form.control, name: 'currency' });

  return (
    <EditForm
      onSubmit={form.submit((request) => editContract(contract.id, request), onSaved)}
      onCancel={onCancel}
      working={form.working}
      // ContractFields shows no refusal under the currency: a currency escrow cannot carry yet is
      // named in the banner, as it was before.
      error={form.error ?? currency.fieldState.error?.message ?? null}
    >
      <ContractFields
        field={(name) => ({ ...form.register(name), error: form.fieldError(name) })}
        value={form.watch('value')}
        currency={currency.field.value}
        currencies={editCurrencies}
        onCurrency={currency.field.onChange}
        // In milestones the value is their sum: it is sent as it is, never typed here.
        valueFixed={
          hasMilestones(contract) ? (
            <p>Value: {formatAmount(contract.value_minor, contract.currency)} (the sum of the milestones)</p>
          ) : undefined
        }
      />
    </EditForm>
  );
}
