import { Suspense, useState } from 'react';
import { SelectField, TextAreaField } from '../../components/ui/field';
import { useAuth } from '../../lib/auth';
import { IssueCategoryOptions } from './issue-category-options';
import { type IssueCategory, supportRequestMessage } from './messages';
import { SendLinks } from './send-links';

/**
 * Choose an issue, describe it, then send it by email or WhatsApp. The send buttons appear only
 * once both are filled in; a signed-in person's message carries their user id.
 */
export function SupportRequest() {
  const { state } = useAuth();
  const userId = state.status === 'signedIn' ? state.user.sub : undefined;
  const [category, setCategory] = useState<IssueCategory | ''>('');
  const [details, setDetails] = useState('');
  const ready = category !== '' && details.trim() !== '';
  return (
    <div className="space-y-4">
      <SelectField
        label="Issue category"
        value={category}
        onChange={(event) => setCategory(event.target.value as IssueCategory | '')}
      >
        <IssueCategoryOptions />
      </SelectField>
      <TextAreaField
        label="Details"
        value={details}
        onChange={(event) => setDetails(event.target.value)}
        placeholder="Tell us what happened, with any contract ID involved."
      />
      {ready && (
        <Suspense fallback={null}>
          <SendLinks message={supportRequestMessage(category, details, userId)} />
        </Suspense>
      )}
    </div>
  );
}
