/** What a form's own check gives: the request to send, or the message to show instead. */
export type Checked<T> = { ok: true; request: T } | { ok: false; message: string };

/** Each field's first refusal from a schema's issues, by the field's name (the issue's first path key). */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Moves focus to the first control of `form` marked invalid (run after the errors are rendered). */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}
