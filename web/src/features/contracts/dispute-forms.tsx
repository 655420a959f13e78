import {
  type DisputeActionResponse,
  type DisputeView,
  openDisputeRequestSchema,
  proposeSettlementRequestSchema,
} from '@escrow/api/disputes';
import { disputeDetailsMaxLength, disputeMessages, disputeReasons, settlementFigures } from '@escrow/domain/dispute';
import { currencies, formatAmount } from '@escrow/domain/money';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button, tapTargetClass } from '../../components/ui/button';
import { SelectField, TextAreaField, TextField } from '../../components/ui/field';
import { fieldErrors } from '../../lib/form';
import { useFieldErrors } from '../../lib/use-field-errors';
import { useSubmit } from '../../lib/use-submit';
import { openDispute, proposeSettlement } from './api';
import { splitSummary } from './dispute-text';
import { disputePanelMessages } from './messages';

/** Opening a dispute: the reason from the fixed list and what went wrong, checked with the server's own schema. */
export function OpenDisputeForm({
  contractId,
  onDone,
  onCancel,
}: {
  contractId: string;
  onDone: (reply: DisputeActionResponse) => void;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState('');
  const [details, setDetails] = useState('');
  const fields = useFieldErrors();
  const submit = useSubmit(disputePanelMessages.openFailed);

  async function send(event: FormEvent) {
    event.preventDefault();
    const checked = openDisputeRequestSchema.safeParse({ contractId, reason, details });
    if (!checked.success) {
      fields.refuse(fieldErrors(checked.error.issues));
      return;
    }
    fields.clearAll();
    const reply = await submit.run(() => openDispute(checked.data));
    if (reply) onDone(reply);
  }

  return (
    <form ref={fields.form} onSubmit={(event) => void send(event)} className="space-y-3" noValidate aria-label="Open a dispute">
      <p className="text-sm text-gray-600 dark:text-gray-400">{disputePanelMessages.openExplained}</p>
      <SelectField
        label="Reason"
        value={reason}
        error={fields.errors.reason}
        className={tapTargetClass}
        onChange={(event) => {
          setReason(event.target.value);
          fields.clear('reason');
        }}
      >
        <option value="">Choose a reason</option>
        {Object.entries(disputeReasons).map(([code, text]) => (
          <option key={code} value={code}>
            {text}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label="What went wrong"
        value={details}
        maxLength={disputeDetailsMaxLength}
        error={fields.errors.details}
        onChange={(event) => {
          setDetails(event.target.value);
          fields.clear('details');
        }}
      />
      {submit.error && <Alert tone="error">{submit.error}</Alert>}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={submit.working} className={tapTargetClass}>
          {submit.working ? 'Opening...' : 'Open Dispute'}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={submit.working} className={tapTargetClass}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

type RefundCheck = { ok: true; minor: number } | { ok: false; error: string; tooLarge: boolean };

/** The refund typed so far: its minor units, or why it cannot be proposed (null while nothing is typed). */
function checkRefund(contractId: string, refund: string, dispute: DisputeView): RefundCheck | null {
  if (refund.trim() === '') return null;
  const checked = proposeSettlementRequestSchema.safeParse({ contractId, refund: refund.trim() });
  if (!checked.success) {
    return { ok: false, error: checked.error.issues[0]?.message ?? disputeMessages.refundNotWhole, tooLarge: false };
  }
  if (checked.data.refund > dispute.held_minor) {
    const held = formatAmount(dispute.held_minor, dispute.currency);
    return { ok: false, error: disputeMessages.refundTooLarge(held), tooLarge: true };
  }
  return { ok: true, minor: checked.data.refund };
}

/**
 * "Propose a split": the amount back to the buyer, with what each side would get as it is typed
 * (the domain's settlementFigures, the fee on the released part only). It replaces any earlier proposal.
 */
export function ProposeSplitForm({
  contractId,
  dispute,
  onDone,
}: {
  contractId: string;
  dispute: DisputeView;
  onDone: (reply: DisputeActionResponse) => void;
}) {
  const [refund, setRefund] = useState('');
  const fields = useFieldErrors();
  const submit = useSubmit(disputePanelMessages.proposeFailed);
  const typed = checkRefund(contractId, refund, dispute);
  const preview = typed?.ok ? settlementFigures(dispute.held_minor, typed.minor) : null;
  // While typing, only a whole amount beyond what is held is refused ("12." is on its way to "12.50").
  const liveError = typed && !typed.ok && typed.tooLarge ? typed.error : undefined;

  async function send(event: FormEvent) {
    event.preventDefault();
    const checked = checkRefund(contractId, refund, dispute);
    if (!checked?.ok) {
      fields.refuse({ refund: checked?.error ?? disputeMessages.refundNotWhole });
      return;
    }
    fields.clearAll();
    const reply = await submit.run(() => proposeSettlement({ contractId, refund: refund.trim() }));
    if (reply) {
      setRefund('');
      onDone(reply);
    }
  }

  return (
    <form ref={fields.form} onSubmit={(event) => void send(event)} className="space-y-3" noValidate aria-label="Propose a split">
      <h3 className="text-lg font-semibold">Propose a split</h3>
      <TextField
        label={`Amount back to the buyer (${currencies[dispute.currency].symbol})`}
        inputMode="decimal"
        autoComplete="off"
        value={refund}
        className={tapTargetClass}
        error={fields.errors.refund ?? liveError}
        hint={
          <span aria-live="polite" className="text-gray-700 dark:text-gray-300">
            {preview && splitSummary(preview, dispute.currency)}
          </span>
        }
        onChange={(event) => {
          setRefund(event.target.value);
          fields.clear('refund');
        }}
      />
      {submit.error && <Alert tone="error">{submit.error}</Alert>}
      <Button type="submit" disabled={submit.working} className={tapTargetClass}>
        {submit.working ? 'Proposing...' : 'Propose this split'}
      </Button>
    </form>
  );
}
