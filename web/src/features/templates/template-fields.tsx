import type { Currency } from '@escrow/domain/money';
import type { ReactNode } from 'react';
import type { ControllerRenderProps, UseFormRegisterReturn } from 'react-hook-form';
import { CurrencySelect } from '../../components/currency-select';
import { AmountField, DescriptionField, InspectionDaysField, TitleField } from '../../components/offer-fields';

/** The template fields a form registers (lib/form.ts), by their names in the request. */
export type TemplateFieldName = 'title' | 'description' | 'base_price' | 'inspectionDays';

/** A registered control of the form pattern (lib/form.ts) with its refusal. */
type RegisteredField = UseFormRegisterReturn & { error?: string };

/** The form's currency (a controlled field: the dropdown hands over the code) with its refusal. */
type CurrencyField<C extends Currency> = Pick<ControllerRenderProps, 'ref' | 'onBlur' | 'name'> & {
  value: C;
  onChange: (currency: C) => void;
  error?: string;
};

/**
 * The template fields the create and edit forms share. `field(name)` is the form's registration
 * of a field with its refusal; `price` what is typed in the Base Price now (for its preview);
 * `currency` the form's controlled currency with its refusal.
 */
export function TemplateFields<C extends Currency>({
  field,
  price,
  currency,
  currencies,
  priceHint,
}: {
  field: (name: TemplateFieldName) => RegisteredField;
  price: string;
  currency: CurrencyField<C>;
  currencies: readonly C[];
  /** Shown under the Base Price. */
  priceHint?: ReactNode;
}) {
  return (
    <>
      <TitleField label="Template Title" {...field('title')} />
      <DescriptionField {...field('description')} />
      <AmountField label="Base Price" typed={price} currency={currency.value} hint={priceHint} {...field('base_price')} />
      <CurrencySelect options={currencies} {...currency} />
      <InspectionDaysField {...field('inspectionDays')} />
    </>
  );
}
