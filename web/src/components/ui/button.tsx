import type { ButtonHTMLAttributes } from 'react';

/**
 * At least 44 by 44 px, the touch target WCAG 2.5.5 asks for (a control used on a phone). Button,
 * the link buttons and the copy button have it already; other small controls add it.
 */
export const tapTargetClass = 'min-h-11 min-w-11';

const variants = {
  primary: 'bg-emerald-700 text-white hover:bg-emerald-800 disabled:bg-emerald-600/50',
  secondary:
    'border border-gray-300 text-gray-800 hover:bg-gray-100 disabled:opacity-50 dark:border-gray-700 dark:text-gray-100 dark:hover:bg-gray-800',
} as const;

export function Button({
  variant = 'primary',
  className,
  type = 'button',
  ...props
}: { variant?: keyof typeof variants } & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type={type}
      className={`${tapTargetClass} rounded-md px-4 py-2 font-semibold shadow-sm transition-colors disabled:cursor-not-allowed ${variants[variant]} ${className ?? ''}`}
      {...props}
    />
  );
}
