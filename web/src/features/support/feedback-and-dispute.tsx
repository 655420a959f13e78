import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { SelectField, TextAreaField, TextField } from '../../components/ui/field';
import { focusFirstInvalid } from '../../lib/form';
import { IssueCategoryOptions } from './issue-category-options';
import { composeDisputeMessage, type DisputeFields, feedbackMessage } from './messages';
import { SendLinks } from './send-links';

/** Feedback on the product, sent as a chat message naming the signed-in user. */
export function FeedbackForm({ userId }: { userId: string }) {
  const [feedback, setFeedback] = useState('');
  return (
    <div className="space-y-4">
      <TextAreaField label="Your feedback" value={feedback} onChange={(event) => setFeedback(event.target.value)} />
      {feedback.trim() !== '' && (
        <SendLinks message={feedbackMessage(feedback, userId)} whatsappLabel="Send feedback on WhatsApp" />
      )}
    </div>
  );
}

/**
 * A dispute about one contract: its ID, the issue (one of the categories) and the details, sent as
 * a message naming the signed-in user. Composing it refuses a message without all three, saying
 * next to each field what is missing; once composed, the send links follow the fields as they change.
 */
export function DisputeForm({ userId }: { userId: string }) {
  const [fields, setFields] = useState<DisputeFields>({ contractId: '', issue: '', details: '' });
  // Nothing is refused until the person first asks for the message.
  const [composing, setComposing] = useState(false);
  const [refusals, setRefusals] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (refusals > 0) focusFirstInvalid(form.current);
  }, [refusals]);

  const composed = composeDisputeMessage(fields, userId);
  const missing = composing && !composed.ok ? composed.missing : {};
  const set = (field: keyof DisputeFields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [field]: event.target.value }));

  function compose(event: FormEvent) {
    event.preventDefault();
    setComposing(true);
    if (!composed.ok) setRefusals((count) => count + 1);
  }

  return (
    <form ref={form} onSubmit={compose} noValidate aria-label="Dispute" className="space-y-4">
      <TextField label="Contract ID" value={fields.contractId} error={missing.contractId} onChange={set('contractId')} />
      <SelectField label="Issue" value={fields.issue} error={missing.issue} onChange={set('issue')}>
        <IssueCategoryOptions />
      </SelectField>
      <TextAreaField label="Details" value={fields.details} error={missing.details} onChange={set('details')} />
      <Button type="submit">Compose dispute message</Button>
      {composing && composed.ok && <SendLinks message={composed.message} whatsappLabel="Open dispute on WhatsApp" />}
    </form>
  );
}
