import { type Currency, type createCurrencies, currencies, isEscrowCurrency } from '@escrow/domain/money';
import type { SelectHTMLAttributes } from 'react';
import { SelectField } from './ui/field';

/** A currency the create forms offer (spec §3 "Currencies"). */
export type CreateCurrency = (typeof createCurrencies)[number];

/**
 * A currency dropdown: create forms pass `createCurrencies`, detail and edit views `editCurrencies`.
 * The spec's currencies are all listed; those escrow cannot carry yet (domain/money.ts
 * `escrowCurrencies`) are shown disabled, so nobody makes a contract whose money cannot be paid out.
 */
export function CurrencySelect<C extends Currency>({
  options,
  value,
  onChange,
  label = 'Currency',
  ...select
}: {
  options: readonly C[];
  value: C;
  onChange: (currency: C) => void;
  label?: string;
  /** The currency's refusal, shown under the dropdown. */
  error?: string | null;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'>) {
  return (
    <SelectField label={label} value={value} onChange={(event) => onChange(event.target.value as C)} {...select}>
      {options.map((code) => (
        <option key={code} value={code} disabled={!isEscrowCurrency(code) && code !== value}>
          {code} ({currencies[code].symbol}){isEscrowCurrency(code) ? '' : ' (not available yet)'}
        </option>
      ))}
    </SelectField>
  );
}
