import { type PublicTemplate, templateIdRequestSchema } from '@escrow/api/templates';
import { formatAmount } from '@escrow/domain/money';
import { templateMessages } from '@escrow/domain/template';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { InspectionWindowDetail, TitleAndDescription } from '../../components/offer-details';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/field';
import { IdSearchForm } from '../../components/ui/id-search-form';
import { Detail, Details, Page } from '../../components/ui/page';
import { paths } from '../../config/paths';
import { ApiError, failureMessage } from '../../lib/api';
import { useApiForm } from '../../lib/form';
import { createInstanceFromTemplate, fetchContractTemplate } from './api';
import { templatePageMessages } from './messages';
import { readTemplateOrder } from './quantity';

/**
 * Use a template by its ID (spec §2 "Finding and accepting"): quantity x base price becomes a
 * contract the caller pays, once they confirm the total. `templateId` (from a template's share
 * link) is looked up at once.
 */
export function UseTemplate({ templateId = '' }: { templateId?: string }) {
  // Another id in the route is a search of its own, as on the accept page.
  return <Search key={templateId} fromRoute={templateId} />;
}

function Search({ fromRoute }: { fromRoute: string }) {
  const navigate = useNavigate();
  const form = useApiForm(templateIdRequestSchema, {
    fallback: templatePageMessages.fetchFailed,
    defaultValues: { templateId: fromRoute },
  });
  const [template, setTemplate] = useState<PublicTemplate | null>(null);
  const [quantityText, setQuantityText] = useState('1');
  // Spec §5: an invalid quantity becomes 1; said beside the box, never silently.
  const [setToOne, setSetToOne] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [creating, setCreating] = useState(false);

  const order = template ? readTemplateOrder(quantityText, template.base_price_minor, template.currency) : null;

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
      setSetToOne(false);
    },
  );

  function search(event?: FormEvent) {
    setTemplate(null);
    form.refuse(null);
    return lookUp(event);
  }

  // Arriving from a share link with the template's id: look it up straight away.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the id in the route (this component's key) triggers a search
  useEffect(() => {
    if (fromRoute) void search();
  }, []);

  async function create(quantity: number) {
    if (!template) return;
    setConfirming(false);
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
        {...form.field('templateId')}
      />
      {form.error && <Alert tone="error">{form.error}</Alert>}
      {template && order && (
        <>
          <Details>
            <TitleAndDescription title={template.title} description={template.description} />
            <Detail label="Price per item">{formatAmount(template.base_price_minor, template.currency)}</Detail>
            <InspectionWindowDetail days={template.inspection_days} forBuyer />
          </Details>
          <div className="max-w-sm">
            {/* A text box: a number box would let the browser reread "2.5" or "1e3" before the page saw it. */}
            <TextField
              label="Quantity"
              name="quantity"
              inputMode="numeric"
              autoComplete="off"
              value={quantityText}
              hint={setToOne ? templatePageMessages.quantitySetToOne : undefined}
              error={order.ok ? undefined : order.message}
              onChange={(event) => {
                setQuantityText(event.target.value);
                setSetToOne(false);
              }}
              onBlur={() => {
                if (order.ok || order.message !== templateMessages.quantityInvalid) return;
                setQuantityText('1');
                setSetToOne(true);
              }}
            />
          </div>
          {/* Only a quantity that can be ordered has a total: the refusal above says why there is none. */}
          {order.ok && (
            <p className="text-xl font-semibold" data-testid="template-total">
              Total: {formatAmount(order.totalMinor, template.currency)}
            </p>
          )}
          <Button onClick={() => setConfirming(true)} disabled={creating || !order.ok}>
            {creating ? 'Creating...' : 'Create Contract & Proceed to Payment'}
          </Button>
          {confirming && order.ok && (
            <Dialog
              title="Create this contract?"
              actions={
                <>
                  <Button variant="secondary" onClick={() => setConfirming(false)}>
                    Cancel
                  </Button>
                  <Button onClick={() => void create(order.quantity)}>Yes, Create Contract</Button>
                </>
              }
            >
              <p>
                {order.quantity} × "{template.title}" at {formatAmount(template.base_price_minor, template.currency)} each.
              </p>
              <p className="mt-2 font-semibold" data-testid="confirm-total">
                Total to pay into escrow: {formatAmount(order.totalMinor, template.currency)}
              </p>
            </Dialog>
          )}
        </>
      )}
    </Page>
  );
}
