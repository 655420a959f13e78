import type { Bank } from '@escrow/api/account';
import { type KeyboardEvent, type Ref, useId, useRef, useState } from 'react';
import { SelectField, TextField } from '../../components/ui/field';
import { filterBanks } from './banks';

/**
 * The bank choice of spec §2 "Bank info": a search box and the dropdown it filters by name (any
 * case, any part) as it is typed; choosing a bank gives its code to `onChange`. From the search
 * box, Enter or the down arrow goes to the dropdown (Enter picks the bank when only one matches)
 * instead of sending the form. `banks` is undefined while the list loads or when it failed.
 */
export function BankPicker({
  banks,
  loading,
  value,
  onChange,
  onBlur,
  name,
  ref,
  error,
}: {
  banks: readonly Bank[] | undefined;
  loading: boolean;
  /** The chosen bank's code, '' for none. */
  value: string;
  onChange: (code: string) => void;
  onBlur?: () => void;
  name?: string;
  /** The dropdown, for the form to focus when it refuses the choice. */
  ref?: Ref<HTMLSelectElement>;
  error?: string;
}) {
  const [query, setQuery] = useState('');
  const select = useRef<HTMLSelectElement | null>(null);
  const countId = useId();
  const searching = banks !== undefined && query.trim() !== '';
  // The chosen bank stays in the dropdown whatever is typed; the count is of the banks that match.
  const shown = banks ? filterBanks(banks, query, value) : [];
  const matches = banks && searching ? filterBanks(banks, query) : [];

  function attach(element: HTMLSelectElement | null) {
    select.current = element;
    if (typeof ref === 'function') ref(element);
    else if (ref) ref.current = element;
  }

  function toDropdown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    const only = matches.length === 1 ? matches[0] : undefined;
    if (event.key === 'Enter' && only && only.code !== value) onChange(only.code);
    select.current?.focus();
  }

  return (
    <>
      <div className="space-y-1">
        <TextField
          label="Search banks"
          type="search"
          autoComplete="off"
          value={query}
          disabled={banks === undefined}
          aria-describedby={countId}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={toDropdown}
        />
        {/* Always there, so a screen reader announces each new count as the person types. */}
        <p id={countId} aria-live="polite" className="text-sm text-gray-600 dark:text-gray-400">
          {searching && matchCount(matches.length)}
        </p>
      </div>
      {/* The ref travels in a spread, as register()'s does: SelectField hands it on to its <select>. */}
      <SelectField
        {...{ ref: attach }}
        label="Bank"
        name={name}
        value={value}
        disabled={banks === undefined}
        error={error}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      >
        <option value="">{loading ? 'Loading banks...' : '-- Select Bank --'}</option>
        {shown.map((bank) => (
          <option key={bank.code} value={bank.code}>
            {bank.name}
          </option>
        ))}
      </SelectField>
    </>
  );
}

const matchCount = (count: number) => (count === 0 ? 'No bank matches' : count === 1 ? '1 bank matches' : `${count} banks match`);
