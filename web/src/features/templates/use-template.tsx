import { type PublicTemplate, templateIdRequestSchema } from '@escrow/api/templates';
import { formatAmount } from '@escrow/domain/money';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { InspectionWindowDetail, TitleAndDescription } from '../../components/offer-details';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { IdSearchForm } from '../../components/ui/id-search-form';
import { Detail, Details, Page } from '../../components/ui/page';
import { paths } from '../../config/paths';
import { ApiError, failureMessage } from '../../lib/api';
import { useApiForm } from '../../lib/form';
import { createInstanceFromTemplate, fetchContractTemplate } from './api';
import { templatePageMessages } from './messages';
import { parseQuantity, templateTotalMinor } from './quantity';

/** Use a template by its ID: quantity x base price becomes a contract the caller pays (spec §2 "Finding and accepting"). */
export function UseTemplate() {
  const navigate = useNavigate();
  const form = useApiForm(templateIdRequestSchema, {
    fallback: templatePageMessages.fetchFailed,
    defaultValues: { templateId: '' },
  });
  const [template, setTemplate] = useState<PublicTemplate | null>(null);
  const [quantityText, setQuantityText] = useState('1');
  const [creating, setCreating] = useState(false);

  const quantity = parseQuantity(quantityText);
  const total = template ? templateTotalMinor(template.base_price_minor, quantity) : null;

  const lookUp = form.submit(
    ({ templateId }) =>
      fetchContractTemplate(templateId).catch((failure: unknown) => {
        // Spec §8: the server's text, else a failed call (the form's fallback), else anything unexpected.
        if (failure instanceof ApiError) throw failure;
        form.refuse(templatePageMessages.searchFailed);
        return null;
      }),
    (found) => {
      setTemplate(found);
      setQuantityText('1');
    },
  );

  function search(event: FormEvent) {
    setTemplate(null);
    form.refuse(null);
    return lookUp(event);
  }

  async function create() {
    if (!template) return;
    form.refuse(null);
    setCreating(true);
    try {
      const newContractId = await createInstanceFromTemplate(template.id, quantity);
      navigate(newContractId ? paths.escrowPayment.getHref(newContractId) : paths.myContracts.getHref());
    } catch (failure) {
      form.refuse(failureMessage(failure, templatePageMessages.createInstanceFailed));
      setCreating(false);
    }
  }

  return (
    <Page title="Use a Template">
      <IdSearchForm
        label="Template ID"
        onSubmit={(event) => void search(event)}
        searching={form.working}
        error={form.fieldError('templateId')}
        {...form.register('templateId')}
      />
      {form.error && <Alert tone="error">{form.error}</Alert>}
      {template && (
        <>
          <Details>
            <TitleAndDescription title={template.title} description={template.description} />
            <Detail label="Price per item">{formatAmount(template.base_price_minor, template.currency)}</Detail>
            <InspectionWindowDetail days={template.inspection_days} />
          </Details>
          <div className="max-w-48">
            <TextField
              label="Quantity"
              name="quantity"
              type="number"
              inputMode="numeric"
              min="1"
              step="1"
              value={quantityText}
              onChange={(event) => setQuantityText(event.target.value)}
              // Invalid input becomes 1 (spec §5); while typing the total already counts it as 1.
              onBlur={() => setQuantityText(String(quantity))}
            />
          </div>
          <p className="text-xl font-semibold" data-testid="template-total">
            Total: {total === null ? '-' : formatAmount(total, template.currency)}
          </p>
          <Button onClick={() => void create()} disabled={creating || total === null}>
            {creating ? 'Creating...' : 'Create Contract & Proceed to Payment'}
          </Button>
        </>
      )}
    </Page>
  );
}
