import { type ContractView, markDeliveredRequestSchema } from '@escrow/api/contracts';
import { deliveryNoteMaxLength } from '@escrow/domain/delivery';
import { transitionTarget } from '@escrow/domain/escrow-contract';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextAreaField } from '../../components/ui/field';
import { Detail } from '../../components/ui/page';
import { useApiForm } from '../../lib/form';
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
  const form = useApiForm(markDeliveredRequestSchema, {
    fallback: contractPageMessages.deliverFailed,
    defaultValues: { contractId: contract.id, note: '' },
  });
  if (transitionTarget(contract.status, 'mark_delivered') === undefined) return null;

  return (
    <form
      onSubmit={form.submit(({ contractId, note }) => markDelivered(contractId, note), onDelivered)}
      className="space-y-3"
      noValidate
    >
      <TextAreaField
        label="What was delivered (what was sent, tracking or a link)"
        maxLength={deliveryNoteMaxLength}
        {...form.field('note')}
      />
      {form.error && <Alert tone="error">{form.error}</Alert>}
      <Button type="submit" disabled={form.working}>
        {form.working ? 'Saving...' : 'Mark as Delivered'}
      </Button>
    </form>
  );
}
