import type { ReactNode } from 'react';
import { TextAreaField, TextField } from './ui/field';

/** The title box of the contract and template forms; `label` says which ("Contract Title", "Template Title"). */
export function TitleField({ label, value, onChange }: { label: string; value: string; onChange: (title: string) => void }) {
  return <TextField label={label} name="title" required value={value} onChange={(event) => onChange(event.target.value)} />;
}

/** The Description box of the contract and template forms. */
export function DescriptionField({ value, onChange }: { value: string; onChange: (description: string) => void }) {
  return (
    <TextAreaField
      label="Description"
      name="description"
      required
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** A money amount in major units (e.g. "1500.50"): a contract's value or a template's base price. */
export function AmountField({
  label,
  name,
  hint,
  value,
  onChange,
}: {
  label: string;
  name: string;
  hint?: ReactNode;
  value: string;
  onChange: (amount: string) => void;
}) {
  return (
    <TextField
      label={label}
      name={name}
      type="number"
      inputMode="decimal"
      min="0.01"
      step="0.01"
      required
      hint={hint}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
