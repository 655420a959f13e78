import { createCurrencies, defaultCurrency } from '@escrow/domain/money';
import { useCallback, useState } from 'react';
import { useController } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { blankOfferTerms } from '../../components/offer-fields';
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
import { type SharedTemplate, ShareTemplate } from './share-template';
import { TemplateFields } from './template-fields';
import { createTemplateFormSchema } from './template-schema';

/** Spec §2 "Templates": a reusable offer; once created, its title, its share link and its ID. */
export function CreateTemplateForm() {
  const navigate = useNavigate();
  const form = useApiForm(createTemplateFormSchema, {
    fallback: templatePageMessages.createFailed,
    defaultValues: { ...blankOfferTerms, base_price: '' },
  });
  const currency = useController({ control: form.control, name: 'currency' });
  const [created, setCreated] = useState<SharedTemplate | null>(null);
  const [toast, setToast] = useState(false);
  const hideToast = useCallback(() => setToast(false), []);

  if (created) {
    return (
      <FormCard title="Template Created">
        {toast && (
          <Toast durationMs={timings.creationToastMs} onDone={hideToast}>
            {templatePageMessages.created}
          </Toast>
        )}
        <p>
          Your template <span className="font-semibold">"{created.title}"</span> is ready. Share its link with anyone who should
          use it: they choose how many and pay into escrow.
        </p>
        <ShareTemplate template={created} />
        <div className="space-y-1">
          <p className="text-sm font-medium text-gray-700 dark:text-gray-300">Template ID</p>
          <CopyableId id={created.id} />
        </div>
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
        onSubmit={form.submit(
          async (request) => {
            const { id } = await createTemplate(request);
            // What the link is shared with: the template as the server read it (the price in minor units).
            const { title, base_price, currency } = createTemplateFormSchema.parse(request);
            return { id, title, base_price_minor: base_price, currency };
          },
          (template) => {
            setCreated(template);
            setToast(true);
          },
        )}
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
