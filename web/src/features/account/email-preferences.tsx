import { emailPreferencesRequestSchema, type Profile } from '@escrow/api/identity';
import { useId, useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Section } from '../../components/ui/section';
import { useApiForm } from '../../lib/form';
import { saveEmailPreferences } from './api';

/** The email preferences section's texts, in one place. */
export const emailPreferencesTexts = {
  heading: 'Email Preferences',
  emailUpdates: 'Email me when a contract is accepted or rejected',
  alwaysSent: 'Emails about money and about what you need to do (payments, deliveries, disputes, releases, refunds) always go.',
  save: 'Save',
  saving: 'Saving...',
  saveFailed: 'Could not save your email preferences. Please try again.',
} as const;

/**
 * Whether the account gets the emails that are not about money (a contract accepted or rejected);
 * those about money and about what the person must do always go. Unset on the profile means on.
 */
export function EmailPreferences({ profile }: { profile: Profile }) {
  const hintId = useId();
  const errorId = useId();
  // The server's word on the last save; a change after it makes it stale.
  const [saved, setSaved] = useState<string | null>(null);
  const form = useApiForm(emailPreferencesRequestSchema, {
    fallback: emailPreferencesTexts.saveFailed,
    defaultValues: { email_updates: profile.email_updates !== false },
  });
  const save = form.submit(saveEmailPreferences, ({ message }) => setSaved(message));
  const fieldError = form.fieldError('email_updates');

  return (
    <Section title={emailPreferencesTexts.heading}>
      <form noValidate onSubmit={save} className="space-y-3">
        <div className="space-y-1">
          {/* The whole row, box and words, is the tap target (44 px tall). */}
          <label className="flex min-h-11 cursor-pointer items-center gap-3 font-medium">
            <input
              type="checkbox"
              aria-describedby={fieldError ? `${hintId} ${errorId}` : hintId}
              aria-invalid={fieldError ? true : undefined}
              className="size-5 shrink-0 accent-emerald-700"
              {...form.register('email_updates', { onChange: () => setSaved(null) })}
            />
            {emailPreferencesTexts.emailUpdates}
          </label>
          <p id={hintId} className="pl-8 text-sm text-gray-600 dark:text-gray-400">
            {emailPreferencesTexts.alwaysSent}
          </p>
          {fieldError && (
            <p id={errorId} className="pl-8 text-sm text-red-700 dark:text-red-300">
              {fieldError}
            </p>
          )}
        </div>
        {saved && <Alert tone="success">{saved}</Alert>}
        {form.error && <Alert tone="error">{form.error}</Alert>}
        <Button type="submit" variant="secondary" disabled={form.working}>
          {form.working ? emailPreferencesTexts.saving : emailPreferencesTexts.save}
        </Button>
      </form>
    </Section>
  );
}
