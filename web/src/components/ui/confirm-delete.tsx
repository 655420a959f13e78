import type { ReactNode } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';

/** The red-lettered button that asks before deleting (see ConfirmDeleteDialog). */
export function DeleteButton({ onClick, disabled, children }: { onClick: () => void; disabled: boolean; children: ReactNode }) {
  return (
    <Button variant="secondary" className="text-red-700 dark:text-red-400" onClick={onClick} disabled={disabled}>
      {children}
    </Button>
  );
}

/** Asks before a delete that cannot be undone; keeping is the last, focused action, so Enter deletes nothing. */
export function ConfirmDeleteDialog({
  title,
  keepLabel,
  onDelete,
  onKeep,
  children,
}: {
  title: string;
  keepLabel: string;
  onDelete: () => void;
  onKeep: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog
      title={title}
      actions={
        <>
          <Button variant="secondary" onClick={onDelete}>
            Delete
          </Button>
          <Button onClick={onKeep}>{keepLabel}</Button>
        </>
      }
    >
      <p>{children}</p>
    </Dialog>
  );
}
