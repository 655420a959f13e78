import type { InputHTMLAttributes, ReactNode } from 'react';
import { paymentPinLength } from '../lib/constants';
import { digitsOnly } from '../lib/digits';
import { TextField } from './ui/field';

/** A masked box for the 4-digit payment PIN (bank details, release of funds, PIN reset): digits only. */
export function PinField({
  label = 'Payment PIN',
  value,
  onChange,
  ...input
}: {
  label?: string;
  /** Shown under the box, e.g. how to set a PIN. */
  hint?: ReactNode;
  /** The PIN's refusal, shown under the box. */
  error?: string | null;
  value: string;
  onChange: (pin: string) => void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'>) {
  return (
    <TextField
      label={label}
      type="password"
      inputMode="numeric"
      autoComplete="off"
      pattern="[0-9]*"
      maxLength={paymentPinLength}
      value={value}
      onChange={(event) => onChange(digitsOnly(event.target.value, paymentPinLength))}
      className="font-mono tracking-[0.5em]"
      {...input}
    />
  );
}
