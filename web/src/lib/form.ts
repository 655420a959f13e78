import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldValues, get, type Path, type RegisterOptions, type UseFormProps, useForm } from 'react-hook-form';
import type * as z from 'zod';
import { useSubmit } from './use-submit';

/** Moves focus to the first control of `form` marked invalid (run after the errors are rendered). */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}

/**
 * The one way a form that submits to the API is built. react-hook-form holds the fields; `schema`
 * (the request schema the server validates with, or one built on it) checks them on submit: each
 * refusal shows under its field and focus goes to the first one refused, and a refused field is
 * checked again as the person types. `submit(send)` sends the values as typed (the wire request:
 * the server parses them again with the same schema), one request at a time; the server's
 * refusal, or `fallback`, is in `error` for the form's banner (`refuse` sets one of the form's own).
 */
export function useApiForm<Values extends FieldValues>(
  schema: z.core.$ZodType<unknown, Values>,
  { fallback, ...options }: Omit<UseFormProps<Values>, 'resolver'> & { fallback: string },
) {
  const form = useForm<Values>({
    // raw: the submitted values are the input the schema checked, never its output (amounts stay
    // as typed, not minor units a second parse would read as major ones).
    resolver: zodResolver(schema as z.core.$ZodType<Values, Values>, undefined, { raw: true }),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
    ...options,
  });
  const submission = useSubmit(fallback);

  /** The form's onSubmit: checks, then `send`s the request; what `send` answers goes to `then`. */
  function submit<T>(send: (request: Values) => Promise<T>, then?: (reply: T) => void) {
    return form.handleSubmit(async (request) => {
      const reply = await submission.run(() => send(request));
      if (reply !== undefined) then?.(reply);
    });
  }

  /** The refusal shown under `name`, if any. */
  function fieldError(name: Path<Values>): string | undefined {
    return (get(form.formState.errors, name) as { message?: string } | undefined)?.message;
  }

  /** A field's control wired to the form: what `register` gives it, and its refusal as `error`. */
  function field<Name extends Path<Values>>(name: Name, options?: RegisterOptions<Values, Name>) {
    return { error: fieldError(name), ...form.register(name, options) };
  }

  return {
    ...form,
    submit,
    field,
    /** Runs a request of the form's outside `submit` (e.g. after a confirmation), one at a time, its refusal in `error`. */
    run: submission.run,
    fieldError,
    working: submission.working,
    error: submission.error,
    refuse: submission.setError,
  };
}
