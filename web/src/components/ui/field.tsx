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

/** A labelled input: the label names the field for screen readers and tests. */
export function TextField({
  label,
  hint,
  trailing,
  error,
  className,
  ...input
}: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ');
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-gray-700 dark:text-gray-300">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          aria-describedby={describedBy || undefined}
          aria-invalid={error ? true : undefined}
          className={`${controlClass} ${trailing ? 'pr-16' : ''} ${className ?? ''}`}
          {...input}
        />
        {trailing && <div className="absolute inset-y-0 right-2 flex items-center">{trailing}</div>}
      </div>
      {hint && (
        <div id={hintId} className="text-sm">
          {hint}
        </div>
      )}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** A field's own refusal, under its control; the control points to it (aria-describedby) and is marked invalid. */
function FieldError({ id, error }: { id: string; error?: string | null }) {
  if (!error) return null;
  return (
    <p id={id} className="text-sm text-red-700 dark:text-red-300">
      {error}
    </p>
  );
}

export function SelectField({
  label,
  error,
  className,
  children,
  ...select
}: { label: ReactNode; error?: string | null } & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-gray-700 dark:text-gray-300">
        {label}
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`${controlClass} ${className ?? ''}`}
        {...select}
      >
        {children}
      </select>
      <FieldError id={errorId} error={error} />
    </div>
  );
}

export function TextAreaField({
  label,
  error,
  ...textarea
}: { label: ReactNode; error?: string | null } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-gray-700 dark:text-gray-300">
        {label}
      </label>
      <textarea
        id={id}
        rows={4}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={controlClass}
        {...textarea}
      />
      <FieldError id={errorId} error={error} />
    </div>
  );
}
