import { createCurrencies, defaultCurrency } from '@escrow/domain/money';
import { type FormEvent, useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { CreateCurrency } from '../../components/currency-select';
import { defaultInspectionDaysText } from '../../components/offer-fields';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { CopyableId } from '../../components/ui/copy-button';
import { FormCard } from '../../components/ui/form-card';
import { Toast } from '../../components/ui/toast';
import { paths } from '../../config/paths';
import { failureMessage } from '../../lib/api';
import { timings } from '../../lib/constants';
import { createTemplate } from './api';
import { templatePageMessages } from './messages';
import { TemplateFields } from './template-fields';
import { checkCreateTemplate, type TemplateInput } from './template-form';

const emptyForm: TemplateInput<CreateCurrency> = {
  title: '',
  description: '',
  basePrice: '',
  currency: defaultCurrency,
  inspectionDays: defaultInspectionDaysText,
};

/** Spec §2 "Templates": a reusable offer; once created, its ID to share. */
export function CreateTemplateForm() {
  const navigate = useNavigate();
  const [form, setForm] = useState(emptyForm);
  const [error, setError] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const [createdId, setCreatedId] = useState<string | null>(null);
  const [toast, setToast] = useState(false);
  const hideToast = useCallback(() => setToast(false), []);

  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) =>
    setForm((previous) => ({ ...previous, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (working) return;
    const checked = checkCreateTemplate(form);
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    setError(null);
    setWorking(true);
    try {
      const { id } = await createTemplate(checked.request);
      setCreatedId(id);
      setToast(true);
    } catch (failure) {
      setError(failureMessage(failure, templatePageMessages.createFailed));
    } finally {
      setWorking(false);
    }
  }

  if (createdId) {
    return (
      <FormCard title="Template Created">
        {toast && (
          <Toast durationMs={timings.creationToastMs} onDone={hideToast}>
            {templatePageMessages.created}
          </Toast>
        )}
        <p>Share this Template ID with anyone who should use the template:</p>
        <CopyableId id={createdId} />
        <Button className="w-full" onClick={() => navigate(paths.dashboard.getHref())}>
          Go to Dashboard
        </Button>
      </FormCard>
    );
  }

  return (
    <FormCard title="Create a Contract Template" subtitle="A reusable offer anyone with its ID can use.">
      <form noValidate onSubmit={submit} className="space-y-4">
        <TemplateFields
          form={form}
          currencies={createCurrencies}
          set={set}
          priceHint={<span className="text-gray-600 dark:text-gray-400">The price of one item.</span>}
        />
        {error && <Alert tone="error">{error}</Alert>}
        <Button type="submit" className="w-full" disabled={working}>
          {working ? 'Creating...' : 'Create Template'}
        </Button>
      </form>
    </FormCard>
  );
}
