import type { FormEvent, ReactNode } from 'react';
import { Alert } from './alert';
import { Button } from './button';

/** The edit mode of a details page: its fields, then the error if any, then Save Changes and Cancel. */
export function EditForm({
  onSubmit,
  onCancel,
  working,
  error,
  children,
}: {
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
  working: boolean;
  error: string | null;
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      {children}
      {error && <Alert tone="error">{error}</Alert>}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={working}>
          {working ? 'Saving...' : 'Save Changes'}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={working}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
