import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSubmit } from './use-submit';

/** A line shown above a details view: a save that went through, or an answer to a button. */
export interface Notice {
  tone: 'success' | 'info';
  text: string;
}

export interface EditAndDeleteOptions {
  remove: () => Promise<unknown>;
  /** Where a deleted item's page goes (the list it was in). */
  afterDelete: string;
  messages: { saved: string; deleteFailed: string };
}

/**
 * The view, edit and delete-with-confirmation steps of a creator's details page (a contract's or a
 * template's): `editing` shows the page's edit form (a form of the one pattern, lib/form.ts, which
 * calls `saved` once the server took the edit), `confirmingDelete` opens the confirmation dialog.
 * `error` and `working` are the delete's.
 */
export function useEditAndDelete(options: EditAndDeleteOptions) {
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const deletion = useSubmit(options.messages.deleteFailed);

  function startEditing() {
    deletion.setError(null);
    setNotice(null);
    setEditing(true);
  }

  function saved() {
    setEditing(false);
    setNotice({ tone: 'success', text: options.messages.saved });
  }

  async function remove() {
    setConfirmingDelete(false);
    const deleted = await deletion.run(async () => {
      await options.remove();
      return true;
    });
    if (deleted) navigate(options.afterDelete, { replace: true });
  }

  return {
    editing,
    error: deletion.error,
    notice,
    setNotice,
    working: deletion.working,
    confirmingDelete,
    startEditing,
    cancel: () => setEditing(false),
    saved,
    askToDelete: () => setConfirmingDelete(true),
    keep: () => setConfirmingDelete(false),
    remove,
  };
}
