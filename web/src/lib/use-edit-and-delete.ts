import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { failureMessage } from './api';
import type { Checked } from './form';

/** A line shown above a details view: a save that went through, or an answer to a button. */
export interface Notice {
  tone: 'success' | 'info';
  text: string;
}

export interface EditAndDeleteOptions<Input, Request> {
  /** The edit form's starting values, from what is shown. */
  toInput: () => Input;
  /** The form's own check; its message is shown and nothing is sent when it refuses. */
  check: (input: Input) => Checked<Request>;
  /** Sends the edit and shows what the server saved. */
  save: (request: Request) => Promise<void>;
  remove: () => Promise<unknown>;
  /** Where a deleted item's page goes (the list it was in). */
  afterDelete: string;
  messages: { saved: string; saveFailed: string; deleteFailed: string };
}

/**
 * The view, edit and delete-with-confirmation steps of a creator's details page (a contract's or a
 * template's): `form` is null in view mode, `confirmingDelete` opens the confirmation dialog.
 */
export function useEditAndDelete<Input, Request>(options: EditAndDeleteOptions<Input, Request>) {
  const navigate = useNavigate();
  const [form, setForm] = useState<Input | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [working, setWorking] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  const set = <K extends keyof Input>(key: K, value: Input[K]) =>
    setForm((previous) => (previous ? { ...previous, [key]: value } : previous));

  function startEditing() {
    setError(null);
    setNotice(null);
    setForm(options.toInput());
  }

  function cancel() {
    setError(null);
    setForm(null);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!form || working) return;
    const checked = options.check(form);
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    setError(null);
    setWorking(true);
    try {
      await options.save(checked.request);
      setForm(null);
      setNotice({ tone: 'success', text: options.messages.saved });
    } catch (failure) {
      setError(failureMessage(failure, options.messages.saveFailed));
    } finally {
      setWorking(false);
    }
  }

  async function remove() {
    setConfirmingDelete(false);
    setWorking(true);
    try {
      await options.remove();
      navigate(options.afterDelete, { replace: true });
    } catch (failure) {
      setError(failureMessage(failure, options.messages.deleteFailed));
      setWorking(false);
    }
  }

  return {
    form,
    set,
    error,
    notice,
    setNotice,
    working,
    confirmingDelete,
    startEditing,
    cancel,
    save,
    askToDelete: () => setConfirmingDelete(true),
    keep: () => setConfirmingDelete(false),
    remove,
  };
}
