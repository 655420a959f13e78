import type { FormEvent, InputHTMLAttributes } from 'react';
import { Button } from './button';
import { TextField } from './field';

/**
 * One ID box and a Search button, side by side: how a contract or template is looked up by its ID.
 * The box takes its control's props (`{...form.register('contractId')}`) and `error`, its refusal.
 */
export function IdSearchForm({
  label,
  onSubmit,
  searching,
  ...input
}: {
  label: string;
  onSubmit: (event: FormEvent) => void;
  searching: boolean;
  error?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'onSubmit'>) {
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-wrap items-end gap-3">
      <div className="min-w-64 flex-1">
        <TextField label={label} autoComplete="off" {...input} />
      </div>
      <Button type="submit" disabled={searching}>
        {searching ? 'Searching...' : 'Search'}
      </Button>
    </form>
  );
}
