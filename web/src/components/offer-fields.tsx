import { inspectionDays } from '@escrow/domain/delivery';
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

/** What an inspection window box starts with: the server's default, as typed text. */
export const defaultInspectionDaysText = String(inspectionDays.default);

/** The typed inspection window as the number the request carries; blank reads 0, which the schema refuses. */
export const inspectionDaysFromText = (text: string): number => Number(text.trim());

/**
 * The inspection window a contract or template is created with: whole days after the delivery the
 * buyer has to accept it or open a dispute, before silence counts as acceptance.
 */
export function InspectionDaysField({ value, onChange }: { value: string; onChange: (days: string) => void }) {
  return (
    <TextField
      label="Inspection window (days)"
      name="inspectionDays"
      type="number"
      inputMode="numeric"
      min={inspectionDays.min}
      max={inspectionDays.max}
      step="1"
      required
      hint={
        <span className="text-gray-600 dark:text-gray-400">
          Days the buyer has to check the delivery before it counts as accepted.
        </span>
      }
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
