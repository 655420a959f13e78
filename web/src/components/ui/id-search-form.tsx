import type { FormEvent } from 'react';
import { Button } from './button';
import { TextField } from './field';

/** One ID box and a Search button, side by side: how a contract or template is looked up by its ID. */
export function IdSearchForm({
  label,
  name,
  value,
  onChange,
  onSubmit,
  searching,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (id: string) => void;
  onSubmit: (event: FormEvent) => void;
  searching: boolean;
}) {
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-wrap items-end gap-3">
      <div className="min-w-64 flex-1">
        <TextField
          label={label}
          name={name}
          autoComplete="off"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
      <Button type="submit" disabled={searching}>
        {searching ? 'Searching...' : 'Search'}
      </Button>
    </form>
  );
}
