import { useEffect, useRef, useState } from 'react';
import { focusFirstInvalid } from './form';

/**
 * A form's field refusals: `refuse` shows them and moves focus to the first field refused (once
 * per refused submit, not while the person types); `clear` drops a field's refusal once it changes.
 */
export function useFieldErrors() {
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals > 0) focusFirstInvalid(form.current);
  }, [refusals]);
  return {
    form,
    errors,
    refuse: (next: Record<string, string>) => {
      setErrors(next);
      setRefusals((count) => count + 1);
    },
    clear: (field: string) =>
      setErrors((previous) => Object.fromEntries(Object.entries(previous).filter(([key]) => key !== field))),
    clearAll: () => setErrors({}),
  };
}
