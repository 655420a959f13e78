import type { Currency } from '@escrow/domain/money';
import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { CurrencySelect } from '../../components/currency-select';
import { AmountField, DescriptionField, TitleField } from '../../components/offer-fields';

/** What the create and edit forms of a contract both ask for. */
export interface ContractFieldValues<C extends Currency> {
  title: string;
  description: string;
  value: string;
  currency: C;
}

/** A registered control of the form pattern (lib/form.ts) with its refusal. */
export type RegisteredField = UseFormRegisterReturn & { error?: string };

/**
 * The contract fields the create and edit forms share (the create form adds the buyer above
 * them). `field(name)` is the form's registration of a field with its refusal; `value` and
 * `currency` are what is typed and chosen now (for the amount's preview), `valuePreview` figures
 * derived from a value that can be taken (the fee preview; see AmountField).
 */
export function ContractFields<C extends Currency>({
  field,
  value,
  currency,
  currencies,
  onCurrency,
  valuePreview,
  valueFixed,
}: {
  field: (name: 'title' | 'description' | 'value') => RegisteredField;
  value: string;
  currency: C;
  currencies: readonly C[];
  onCurrency: (currency: C) => void;
  valuePreview?: (minor: number) => ReactNode;
  /** Shown instead of the Value box when the value is not typed (a contract in milestones: their sum). */
  valueFixed?: ReactNode;
}) {
  return (
    <>
      <TitleField label="Contract Title" {...field('title')} />
      <DescriptionField {...field('description')} />
      {valueFixed ?? <AmountField label="Value" typed={value} currency={currency} preview={valuePreview} {...field('value')} />}
      <CurrencySelect options={currencies} value={currency} onChange={onCurrency} />
    </>
  );
}
