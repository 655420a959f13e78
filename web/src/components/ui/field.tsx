import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes, useId } from 'react';

const controlClass =
  'w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-gray-900 shadow-sm focus:border-emerald-500 focus:ring-2 focus:ring-emerald-500/30 focus:outline-none disabled:opacity-60 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100';

interface FieldProps {
  label: ReactNode;
  /** Shown under the control, e.g. an inline warning. */
  hint?: ReactNode;
  /** Rendered inside the control's box on the right, e.g. a show/hide button. */
  trailing?: ReactNode;
}

/** A labelled input: the label names the field for screen readers and tests. */
export function TextField({ label, hint, trailing, className, ...input }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-gray-700 dark:text-gray-300">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          aria-describedby={hint ? hintId : undefined}
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
    </div>
  );
}

export function SelectField({ label, children, ...select }: { label: ReactNode } & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-gray-700 dark:text-gray-300">
        {label}
      </label>
      <select id={id} className={controlClass} {...select}>
        {children}
      </select>
    </div>
  );
}

export function TextAreaField({ label, ...textarea }: { label: ReactNode } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-gray-700 dark:text-gray-300">
        {label}
      </label>
      <textarea id={id} rows={4} className={controlClass} {...textarea} />
    </div>
  );
}
