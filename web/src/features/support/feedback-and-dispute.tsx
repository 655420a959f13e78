import { useState } from 'react';
import { TextAreaField, TextField } from '../../components/ui/field';
import { disputeMessage, feedbackMessage } from './messages';
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

/** A dispute about one contract, sent as a chat message naming the contract and the signed-in user. */
export function DisputeForm({ userId }: { userId: string }) {
  const [contractId, setContractId] = useState('');
  const [reason, setReason] = useState('');
  const ready = contractId.trim() !== '' && reason.trim() !== '';
  return (
    <div className="space-y-4">
      <TextField label="Contract ID" value={contractId} onChange={(event) => setContractId(event.target.value)} />
      <TextAreaField label="What went wrong" value={reason} onChange={(event) => setReason(event.target.value)} />
      {ready && <SendLinks message={disputeMessage(contractId, reason, userId)} whatsappLabel="Open dispute on WhatsApp" />}
    </div>
  );
}
