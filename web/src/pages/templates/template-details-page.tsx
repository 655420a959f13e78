import { type FormEvent, useCallback, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { TemplateView } from '../../../../lambdas/core/contracts/escrow';
import { editCurrencies, formatAmount, toDecimalString } from '../../../../lambdas/core/money';
import { paths } from '../../app/paths';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { CopyableId } from '../../components/ui/copy-button';
import { Dialog } from '../../components/ui/dialog';
import { TextAreaField, TextField } from '../../components/ui/field';
import { Detail, Details, Loading, Page, secondaryLinkButtonClass } from '../../components/ui/page';
import { CurrencySelect } from '../../features/contracts/currency-select';
import { deleteTemplate, editTemplate, getTemplate } from '../../features/templates/api';
import { templateMessages } from '../../features/templates/messages';
import { checkEditTemplate, type TemplateInput } from '../../features/templates/template-form';
import { failureMessage } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { useLoad } from '../../lib/use-load';

const toInput = (template: TemplateView): TemplateInput => ({
  title: template.title,
  description: template.description,
  basePrice: toDecimalString(template.base_price_minor),
  currency: template.currency,
});

/** Creator-only view and edit of a template (spec §2 "Templates"). */
export function TemplateDetailsPage() {
  const { templateId = '' } = useParams();
  const navigate = useNavigate();
  const [state, setTemplate] = useLoad(useCallback(() => getTemplate(templateId), [templateId]));
  const [form, setForm] = useState<TemplateInput | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);

  const backToList = (
    <Link to={paths.myTemplates.getHref()} className={secondaryLinkButtonClass}>
      Back to List
    </Link>
  );

  if (state.status !== 'loaded') {
    return (
      <Page title="Template Details" actions={backToList}>
        {state.status === 'loading' ? (
          <Loading />
        ) : (
          <Alert tone="error">{failureMessage(state.error, templateMessages.notFound)}</Alert>
        )}
      </Page>
    );
  }

  const template = state.data;
  const set = <K extends keyof TemplateInput>(key: K, value: TemplateInput[K]) =>
    setForm((previous) => (previous ? { ...previous, [key]: value } : previous));

  function startEditing() {
    setError(null);
    setNotice(null);
    setForm(toInput(template));
  }

  function cancel() {
    setError(null);
    setForm(null);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!form || working) return;
    const checked = checkEditTemplate(form);
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    setError(null);
    setWorking(true);
    try {
      setTemplate(await editTemplate(template.id, checked.request));
      setForm(null);
      setNotice(templateMessages.saved);
    } catch (failure) {
      setError(failureMessage(failure, templateMessages.saveFailed));
    } finally {
      setWorking(false);
    }
  }

  async function remove() {
    setConfirmDelete(false);
    setWorking(true);
    try {
      await deleteTemplate(template.id);
      navigate(paths.myTemplates.getHref(), { replace: true });
    } catch (failure) {
      setError(failureMessage(failure, templateMessages.deleteFailed));
      setWorking(false);
    }
  }

  return (
    <Page title="Template Details" actions={backToList}>
      {notice && <Alert tone="success">{notice}</Alert>}
      {form ? (
        <form noValidate onSubmit={save} className="space-y-4">
          <TextField
            label="Template Title"
            name="title"
            required
            value={form.title}
            onChange={(e) => set('title', e.target.value)}
          />
          <TextAreaField
            label="Description"
            name="description"
            required
            value={form.description}
            onChange={(e) => set('description', e.target.value)}
          />
          <TextField
            label="Base Price"
            name="basePrice"
            type="number"
            inputMode="decimal"
            min="0.01"
            step="0.01"
            required
            value={form.basePrice}
            onChange={(e) => set('basePrice', e.target.value)}
          />
          <CurrencySelect options={editCurrencies} value={form.currency} onChange={(currency) => set('currency', currency)} />
          {error && <Alert tone="error">{error}</Alert>}
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={working}>
              {working ? 'Saving...' : 'Save Changes'}
            </Button>
            <Button variant="secondary" onClick={cancel} disabled={working}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <>
          <Details>
            <Detail label="Template ID">
              <CopyableId id={template.id} />
            </Detail>
            <Detail label="Title">{template.title}</Detail>
            <Detail label="Description">
              <span className="whitespace-pre-line">{template.description}</span>
            </Detail>
            <Detail label="Base Price">{formatAmount(template.base_price_minor, template.currency)}</Detail>
            <Detail label="Currency">{template.currency}</Detail>
            <Detail label="Created">{formatDate(template.created_at)}</Detail>
          </Details>
          {error && <Alert tone="error">{error}</Alert>}
          <div className="flex flex-wrap gap-3">
            <Button onClick={startEditing} disabled={working}>
              Modify Template
            </Button>
            <Button
              variant="secondary"
              className="text-red-700 dark:text-red-400"
              onClick={() => setConfirmDelete(true)}
              disabled={working}
            >
              Delete Template
            </Button>
          </div>
        </>
      )}
      {confirmDelete && (
        <Dialog
          title="Delete Template"
          actions={
            <>
              <Button variant="secondary" onClick={() => void remove()}>
                Delete
              </Button>
              <Button onClick={() => setConfirmDelete(false)}>Keep Template</Button>
            </>
          }
        >
          <p>Are you sure you want to delete this template? This cannot be undone.</p>
        </Dialog>
      )}
    </Page>
  );
}
