import type { ReactNode } from 'react';
import { Button, tapTargetClass } from './button';
import { Dialog } from './dialog';

/** The red-lettered button that asks before deleting (see ConfirmDeleteDialog). */
export function DeleteButton({ onClick, disabled, children }: { onClick: () => void; disabled: boolean; children: ReactNode }) {
  return (
    <Button variant="secondary" className="text-red-700 dark:text-red-400" onClick={onClick} disabled={disabled}>
      {children}
    </Button>
  );
}

/**
 * Asks before an action that cannot be undone: the action first, keeping ("Not Yet") last and
 * focused, so Enter does nothing irreversible.
 */
export function ConfirmDialog({
  title,
  confirmLabel,
  keepLabel = 'Not Yet',
  onConfirm,
  onKeep,
  children,
}: {
  title: ReactNode;
  confirmLabel: ReactNode;
  keepLabel?: string;
  onConfirm: () => void;
  onKeep: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog
      title={title}
      actions={
        <>
          <Button variant="secondary" onClick={onConfirm} className={tapTargetClass}>
            {confirmLabel}
          </Button>
          <Button onClick={onKeep} className={tapTargetClass}>
            {keepLabel}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}

/** Asks before a delete that cannot be undone. */
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
    <ConfirmDialog title={title} confirmLabel="Delete" keepLabel={keepLabel} onConfirm={onDelete} onKeep={onKeep}>
      <p>{children}</p>
    </ConfirmDialog>
  );
}
