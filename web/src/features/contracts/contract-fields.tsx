import type { Currency } from '@escrow/domain/money';
import { CurrencySelect } from '../../components/currency-select';
import { AmountField, DescriptionField, TitleField } from '../../components/offer-fields';

/** What the create and edit forms of a contract both ask for. */
export interface ContractFieldValues<C extends Currency> {
  title: string;
  description: string;
  value: string;
  currency: C;
}

/** The contract fields the create and edit forms share (the create form adds the acceptor above them). */
export function ContractFields<C extends Currency>({
  form,
  currencies,
  set,
}: {
  form: ContractFieldValues<C>;
  currencies: readonly C[];
  /** The form's own setter; a method, so a setter of a larger form (with the acceptor) fits too. */
  set<K extends keyof ContractFieldValues<C>>(key: K, value: ContractFieldValues<C>[K]): void;
}) {
  return (
    <>
      <TitleField label="Contract Title" value={form.title} onChange={(title) => set('title', title)} />
      <DescriptionField value={form.description} onChange={(description) => set('description', description)} />
      <AmountField label="Value" name="value" value={form.value} onChange={(value) => set('value', value)} />
      <CurrencySelect options={currencies} value={form.currency} onChange={(currency) => set('currency', currency)} />
    </>
  );
}
