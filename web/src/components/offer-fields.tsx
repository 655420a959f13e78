import { inspectionDays } from '@escrow/domain/delivery';
import { type Currency, defaultCurrency, describeAmount, usableAmount } from '@escrow/domain/money';
import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';
import { TextAreaField, TextField } from './ui/field';

/**
 * The fields of the contract and template forms. Each takes the control's own props as well
 * (`{...form.register('title')}` from the form pattern in lib/form.ts) and `error`, its refusal.
 */

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> & {
  error?: string;
  onChange?: InputHTMLAttributes<HTMLInputElement>['onChange'];
};

/** The title box of the contract and template forms; `label` says which ("Contract Title", "Template Title"). */
export function TitleField({ label, ...input }: { label: string } & InputProps) {
  return <TextField label={label} name="title" required {...input} />;
}

/** The Description box of the contract and template forms. */
export function DescriptionField(textarea: TextareaHTMLAttributes<HTMLTextAreaElement> & { error?: string }) {
  return <TextAreaField label="Description" name="description" required {...textarea} />;
}

/**
 * A money amount in major units (e.g. "1500.50" or "1,500.50"): a contract's value or a template's
 * base price. A text box, not a number box: the browser must not reread what was typed (a number
 * box takes "85.000,50" for 85.00050). Under it, one line per thing to say and never one problem
 * twice: the amount as read ("₦85,000.50") or, while it cannot be taken, why ("Amount must be a
 * number, ..."), until the form's own refusal (`error`) replaces it; `preview(minor)`, figures
 * derived from the amount (the fee), only while the amount can be taken and nothing refuses it;
 * `hint`, a line that holds whatever is typed ("The price of one item.").
 */
export function AmountField({
  label,
  typed,
  currency,
  hint,
  preview,
  error,
  ...input
}: {
  label: string;
  typed: string;
  currency: Currency;
  hint?: ReactNode;
  preview?: (minor: number) => ReactNode;
} & InputProps) {
  const reading = typed.trim() && !error ? describeAmount(typed, currency) : null;
  const usable = error ? null : usableAmount(typed);
  const derived = usable !== null && preview ? preview(usable) : null;
  return (
    <TextField
      label={label}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      required
      error={error}
      hint={
        (reading || derived || hint) && (
          <span className="block space-y-1">
            {reading && (
              <span
                data-testid="amount-preview"
                className={`block ${reading.ok ? 'text-gray-700 dark:text-gray-300' : 'text-amber-700 dark:text-amber-300'}`}
              >
                {reading.text}
              </span>
            )}
            {derived && <span className="block">{derived}</span>}
            {hint && <span className="block">{hint}</span>}
          </span>
        )
      }
      {...input}
    />
  );
}

/**
 * What a new contract's or template's terms start as in its form: blank, in the default currency,
 * with the server's default inspection window. Each form adds its amount (value, base price).
 */
export const blankOfferTerms: { title: string; description: string; currency: typeof defaultCurrency; inspectionDays: number } = {
  title: '',
  description: '',
  currency: defaultCurrency,
  inspectionDays: inspectionDays.default,
};

/**
 * The inspection window a contract or template is created with: whole days after the delivery the
 * buyer has to accept it or open a dispute, before silence counts as acceptance.
 */
export function InspectionDaysField(input: InputProps) {
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
      {...input}
    />
  );
}
