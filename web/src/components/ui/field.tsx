import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes, useId } from 'react';

const controlClass =
  'w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-gray-900 shadow-sm focus:border-emerald-500 focus:ring-2 focus:ring-emerald-500/30 focus:outline-none disabled:opacity-60 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100';

interface FieldProps {
  label: ReactNode;
  /** Shown under the control, e.g. an inline warning. */
  hint?: ReactNode;
  /** Rendered inside the control's box on the right, e.g. a show/hide button. */
  trailing?: ReactNode;
  /** The field's own refusal, shown under it (the control is then marked invalid). */
  error?: string | null;
}

/** What a control needs from its frame: its id (the label's target) and its ties to its hint and refusal. */
interface ControlLink {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

/**
 * The frame of every field: the label that names the control for screen readers and tests, the
 * control (`children`, given its id and aria ties), then its hint and its own refusal under it.
 */
function Labelled({
  label,
  hint,
  error,
  children,
}: Pick<FieldProps, 'label' | 'hint' | 'error'> & { children: (control: ControlLink) => ReactNode }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ');
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-gray-700 dark:text-gray-300">
        {label}
      </label>
      {children({ id, 'aria-describedby': describedBy || undefined, 'aria-invalid': error ? true : undefined })}
      {hint && (
        <div id={hintId} className="text-sm">
          {hint}
        </div>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled input. */
export function TextField({
  label,
  hint,
  trailing,
  error,
  className,
  ...input
}: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Labelled label={label} hint={hint} error={error}>
      {(control) => (
        <div className="relative">
          <input {...control} className={`${controlClass} ${trailing ? 'pr-16' : ''} ${className ?? ''}`} {...input} />
          {trailing && <div className="absolute inset-y-0 right-2 flex items-center">{trailing}</div>}
        </div>
      )}
    </Labelled>
  );
}

export function SelectField({
  label,
  error,
  className,
  children,
  ...select
}: { label: ReactNode; error?: string | null } & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <Labelled label={label} error={error}>
      {(control) => (
        <select {...control} className={`${controlClass} ${className ?? ''}`} {...select}>
          {children}
        </select>
      )}
    </Labelled>
  );
}

export function TextAreaField({
  label,
  error,
  ...textarea
}: { label: ReactNode; error?: string | null } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <Labelled label={label} error={error}>
      {(control) => <textarea {...control} rows={4} className={controlClass} {...textarea} />}
    </Labelled>
  );
}
