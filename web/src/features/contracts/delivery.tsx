import { type ContractView, markDeliveredRequestSchema } from '@escrow/api/contracts';
import { deliveryNoteMaxLength } from '@escrow/domain/delivery';
import { transitionTarget } from '@escrow/domain/escrow-contract';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextAreaField } from '../../components/ui/field';
import { Detail } from '../../components/ui/page';
import { failureMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { markDelivered } from './api';
import { contractPageMessages } from './messages';

/** What was delivered and until when the payer may inspect it; nothing before delivery. */
export function DeliveryDetails({ contract }: { contract: ContractView }) {
  if (!contract.delivered_at) return null;
  return (
    <>
      <Detail label="Delivered">
        {formatDateTime(contract.delivered_at)}: {contract.delivery_note}
      </Detail>
      {contract.inspection_ends_at && <Detail label="Inspection ends">{formatDateTime(contract.inspection_ends_at)}</Detail>}
    </>
  );
}

/**
 * The creator's "Mark as Delivered" with the note the payer reads (what was sent, tracking or a
 * link), offered while the table allows it (fully funded); the server checks again.
 */
export function MarkDeliveredForm({ contract, onDelivered }: { contract: ContractView; onDelivered: (c: ContractView) => void }) {
  const [note, setNote] = useState('');
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (transitionTarget(contract.status, 'mark_delivered') === undefined) return null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = markDeliveredRequestSchema.safeParse({ contractId: contract.id, note });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? contractPageMessages.deliverFailed);
      return;
    }
    setError(null);
    setWorking(true);
    try {
      onDelivered(await markDelivered(contract.id, checked.data.note));
    } catch (failure) {
      setError(failureMessage(failure, contractPageMessages.deliverFailed));
    } finally {
      setWorking(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-3" noValidate>
      <TextAreaField
        label="What was delivered (what was sent, tracking or a link)"
        value={note}
        maxLength={deliveryNoteMaxLength}
        onChange={(event) => setNote(event.target.value)}
      />
      {error && <Alert tone="error">{error}</Alert>}
      <Button type="submit" disabled={working}>
        {working ? 'Saving...' : 'Mark as Delivered'}
      </Button>
    </form>
  );
}
