import type { Currency } from '@escrow/domain/money';
import type { ReactNode } from 'react';
import { CurrencySelect } from '../../components/currency-select';
import { AmountField, DescriptionField, InspectionDaysField, TitleField } from '../../components/offer-fields';
import type { TemplateInput } from './template-form';

/** The template fields the create and edit forms share. */
export function TemplateFields<C extends Currency>({
  form,
  currencies,
  set,
  priceHint,
}: {
  form: TemplateInput<C>;
  currencies: readonly C[];
  set: <K extends keyof TemplateInput<C>>(key: K, value: TemplateInput<C>[K]) => void;
  /** Shown under the Base Price. */
  priceHint?: ReactNode;
}) {
  return (
    <>
      <TitleField label="Template Title" value={form.title} onChange={(title) => set('title', title)} />
      <DescriptionField value={form.description} onChange={(description) => set('description', description)} />
      <AmountField
        label="Base Price"
        name="basePrice"
        hint={priceHint}
        value={form.basePrice}
        onChange={(basePrice) => set('basePrice', basePrice)}
      />
      <CurrencySelect options={currencies} value={form.currency} onChange={(currency) => set('currency', currency)} />
      <InspectionDaysField value={form.inspectionDays} onChange={(days) => set('inspectionDays', days)} />
    </>
  );
}
