import { type DisputeActionResponse, type DisputeView, openDisputeRequestSchema } from '@escrow/api/disputes';
import { disputeDetailsMaxLength, disputeReasons, settlementFigures } from '@escrow/domain/dispute';
import { currencies } from '@escrow/domain/money';
import { useMemo } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button, tapTargetClass } from '../../components/ui/button';
import { SelectField, TextAreaField, TextField } from '../../components/ui/field';
import { useApiForm } from '../../lib/form';
import { openDispute, proposeSettlement } from './api';
import { proposeSplitSchema, typedRefund } from './dispute-schema';
import { splitSummary } from './dispute-text';
import { evidencePickerMessages } from './evidence/checks';
import { type EvidencePicker, EvidencePickerField, useEvidencePicker } from './evidence/picker';
import { disputePanelMessages } from './messages';

/** The ids of the files attached on `picker`, as a request's `evidence` (left out when there are none). */
const attached = (picker: EvidencePicker) => (picker.attachedIds.length > 0 ? { evidence: picker.attachedIds } : {});

/** Said while a file is still on its way: the form cannot be sent until each is attached or refused. */
function WaitForUploads({ picker }: { picker: EvidencePicker }) {
  if (!picker.uploading) return null;
  return <p className="text-sm text-gray-600 dark:text-gray-400">{evidencePickerMessages.waitForUploads}</p>;
}

/** Opening a dispute: the reason from the fixed list, what went wrong and files showing it, checked with the server's own schema. */
export function OpenDisputeForm({
  contractId,
  onDone,
  onCancel,
}: {
  contractId: string;
  onDone: (reply: DisputeActionResponse) => void;
  onCancel: () => void;
}) {
  const form = useApiForm(openDisputeRequestSchema, {
    fallback: disputePanelMessages.openFailed,
    defaultValues: { contractId, details: '' },
  });
  const picker = useEvidencePicker(contractId, 'dispute');

  return (
    <form
      onSubmit={form.submit((request) => openDispute({ ...request, ...attached(picker) }), onDone)}
      className="space-y-3"
      noValidate
      aria-label="Open a dispute"
    >
      <p className="text-sm text-gray-600 dark:text-gray-400">{disputePanelMessages.openExplained}</p>
      <SelectField label="Reason" error={form.fieldError('reason')} className={tapTargetClass} {...form.register('reason')}>
        <option value="">Choose a reason</option>
        {Object.entries(disputeReasons).map(([code, text]) => (
          <option key={code} value={code}>
            {text}
          </option>
        ))}
      </SelectField>
      <TextAreaField label="What went wrong" maxLength={disputeDetailsMaxLength} {...form.field('details')} />
      <EvidencePickerField picker={picker} disabled={form.working} />
      {form.error && <Alert tone="error">{form.error}</Alert>}
      <WaitForUploads picker={picker} />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={form.working || picker.uploading} className={tapTargetClass}>
          {form.working ? 'Opening...' : 'Open Dispute'}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={form.working} className={tapTargetClass}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** What an action on an open dispute is given: the contract, its dispute, and what to do with the reply. */
export interface DisputeActionProps {
  contractId: string;
  dispute: DisputeView;
  onDone: (reply: DisputeActionResponse) => void;
}

/**
 * "Propose a split": the amount back to the buyer, with what each side would get as it is typed
 * (the domain's settlementFigures, the fee on the released part only). It replaces any earlier proposal.
 */
export function ProposeSplitForm({ contractId, dispute, onDone }: DisputeActionProps) {
  const { held_minor, currency } = dispute;
  const schema = useMemo(() => proposeSplitSchema({ held_minor, currency }), [held_minor, currency]);
  const form = useApiForm(schema, {
    fallback: disputePanelMessages.proposeFailed,
    defaultValues: { contractId, refund: '' },
  });
  const picker = useEvidencePicker(contractId, 'dispute');
  const typed = typedRefund(String(form.watch('refund') ?? ''), dispute);
  const preview = typed && 'minor' in typed ? settlementFigures(held_minor, typed.minor) : null;
  // While typing, only a whole amount beyond what is held is refused ("12." is on its way to "12.50").
  const liveError = typed && 'tooLarge' in typed ? typed.tooLarge : undefined;

  return (
    <form
      onSubmit={form.submit(
        (request) => proposeSettlement({ ...request, ...attached(picker) }),
        (reply) => {
          form.reset();
          picker.clear();
          onDone(reply);
        },
      )}
      className="space-y-3"
      noValidate
      aria-label="Propose a split"
    >
      <h3 className="text-lg font-semibold">Propose a split</h3>
      <TextField
        label={`Amount back to the buyer (${currencies[currency].symbol})`}
        inputMode="decimal"
        autoComplete="off"
        className={tapTargetClass}
        error={form.fieldError('refund') ?? liveError}
        hint={
          <span aria-live="polite" className="text-gray-700 dark:text-gray-300">
            {preview && splitSummary(preview, currency)}
          </span>
        }
        {...form.register('refund')}
      />
      <EvidencePickerField picker={picker} disabled={form.working} />
      {form.error && <Alert tone="error">{form.error}</Alert>}
      <WaitForUploads picker={picker} />
      <Button type="submit" disabled={form.working || picker.uploading} className={tapTargetClass}>
        {form.working ? 'Proposing...' : 'Propose this split'}
      </Button>
    </form>
  );
}
