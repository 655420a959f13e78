import { type ContractView, markDeliveredRequestSchema } from '@escrow/api/contracts';
import type { EvidenceView } from '@escrow/api/evidence';
import { deliveryNoteMaxLength } from '@escrow/domain/delivery';
import { transitionTarget } from '@escrow/domain/escrow-contract';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextAreaField } from '../../components/ui/field';
import { Detail } from '../../components/ui/page';
import { useApiForm } from '../../lib/form';
import { formatDateTime } from '../../lib/format';
import { markDelivered } from './api';
import { evidencePickerMessages } from './evidence/checks';
import { EvidenceList } from './evidence/list';
import { EvidencePickerField, useEvidencePicker } from './evidence/picker';
import { contractPageMessages } from './messages';

/** What was delivered, with the files attached to it, and until when the payer may inspect it; nothing before delivery. */
export function DeliveryDetails({ contract, evidence = [] }: { contract: ContractView; evidence?: readonly EvidenceView[] }) {
  if (!contract.delivered_at) return null;
  const files = evidence.filter((file) => file.purpose === 'delivery');
  return (
    <>
      <Detail label="Delivered">
        {formatDateTime(contract.delivered_at)}: {contract.delivery_note}
        {files.length > 0 && (
          <div className="mt-2">
            <EvidenceList files={files} label="Files attached to the delivery" />
          </div>
        )}
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
  const picker = useEvidencePicker(contract.id, 'delivery');
  if (transitionTarget(contract.status, 'mark_delivered') === undefined) return null;

  return (
    <form
      onSubmit={form.submit(({ contractId, note }) => markDelivered(contractId, note, picker.attachedIds), onDelivered)}
      className="space-y-3"
      noValidate
    >
      <TextAreaField
        label="What was delivered (what was sent, tracking or a link)"
        maxLength={deliveryNoteMaxLength}
        {...form.field('note')}
      />
      <EvidencePickerField picker={picker} disabled={form.working} />
      {form.error && <Alert tone="error">{form.error}</Alert>}
      {picker.uploading && <p className="text-sm text-gray-600 dark:text-gray-400">{evidencePickerMessages.waitForUploads}</p>}
      {/* Sent only once every file is attached or refused: the delivery carries what the person saw attached. */}
      <Button type="submit" disabled={form.working || picker.uploading}>
        {form.working ? 'Saving...' : 'Mark as Delivered'}
      </Button>
    </form>
  );
}
