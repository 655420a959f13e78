import { inspectionDays } from '@escrow/domain/delivery';
import { createCurrencies, defaultCurrency } from '@escrow/domain/money';
import { useCallback, useState } from 'react';
import { useController } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { CopyableId } from '../../components/ui/copy-button';
import { FormCard } from '../../components/ui/form-card';
import { Toast } from '../../components/ui/toast';
import { paths } from '../../config/paths';
import { timings } from '../../lib/constants';
import { useApiForm } from '../../lib/form';
import { createTemplate } from './api';
import { templatePageMessages } from './messages';
import { TemplateFields } from './template-fields';
import { createTemplateFormSchema } from './template-schema';

/** Spec §2 "Templates": a reusable offer; once created, its ID to share. */
export function CreateTemplateForm() {
  const navigate = useNavigate();
  const form = useApiForm(createTemplateFormSchema, {
    fallback: templatePageMessages.createFailed,
    defaultValues: {
      title: '',
      description: '',
      base_price: '',
      currency: defaultCurrency,
      inspectionDays: inspectionDays.default,
    },
  });
  const currency = useController({ control: form.control, name: 'currency' });
  const [createdId, setCreatedId] = useState<string | null>(null);
  const [toast, setToast] = useState(false);
  const hideToast = useCallback(() => setToast(false), []);

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
      <form
        noValidate
        onSubmit={form.submit(createTemplate, ({ id }) => {
          setCreatedId(id);
          setToast(true);
        })}
        className="space-y-4"
      >
        <TemplateFields
          field={(name) => ({
            ...form.register(name, { valueAsNumber: name === 'inspectionDays' }),
            error: form.fieldError(name),
          })}
          price={String(form.watch('base_price'))}
          currency={{
            ...currency.field,
            value: currency.field.value ?? defaultCurrency,
            error: currency.fieldState.error?.message,
          }}
          currencies={createCurrencies}
          priceHint={<span className="text-gray-600 dark:text-gray-400">The price of one item.</span>}
        />
        {form.error && <Alert tone="error">{form.error}</Alert>}
        <Button type="submit" className="w-full" disabled={form.working}>
          {form.working ? 'Creating...' : 'Create Template'}
        </Button>
      </form>
    </FormCard>
  );
}
