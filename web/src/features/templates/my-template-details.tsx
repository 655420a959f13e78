import type { TemplateView } from '@escrow/api/templates';
import { editCurrencies, formatAmount, toDecimalString } from '@escrow/domain/money';
import { templateMessages } from '@escrow/domain/template';
import { useCallback } from 'react';
import { useController } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { InspectionWindowDetail, TitleAndDescription } from '../../components/offer-details';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ConfirmDeleteDialog, DeleteButton } from '../../components/ui/confirm-dialog';
import { IdDetail } from '../../components/ui/copy-button';
import { EditForm } from '../../components/ui/edit-form';
import { NotLoadedPage } from '../../components/ui/not-loaded-page';
import { Detail, Details, Page, secondaryLinkButtonClass } from '../../components/ui/page';
import { paths } from '../../config/paths';
import { failureMessage } from '../../lib/api';
import { useApiForm } from '../../lib/form';
import { formatDate } from '../../lib/format';
import { useEditAndDelete } from '../../lib/use-edit-and-delete';
import { useLoad } from '../../lib/use-load';
import { deleteTemplate, editTemplate, getTemplate } from './api';
import { templatePageMessages } from './messages';
import { ShareTemplate } from './share-template';
import { TemplateFields } from './template-fields';
import { editTemplateFormSchema } from './template-schema';

const backToList = (
  <Link to={paths.myTemplates.getHref()} className={secondaryLinkButtonClass}>
    Back to List
  </Link>
);

/** Creator-only view and edit of a template (spec §2 "Templates"). */
export function MyTemplateDetails({ templateId }: { templateId: string }) {
  const [state, setTemplate] = useLoad(useCallback(() => getTemplate(templateId), [templateId]));

  if (state.status !== 'loaded') {
    return (
      <NotLoadedPage
        title="Template Details"
        actions={backToList}
        state={state}
        failure={(error) => failureMessage(error, templateMessages.notFound)}
      />
    );
  }
  return <TemplateDetails template={state.data} onSaved={setTemplate} />;
}

function TemplateDetails({ template, onSaved }: { template: TemplateView; onSaved: (template: TemplateView) => void }) {
  const edit = useEditAndDelete({
    remove: () => deleteTemplate(template.id),
    afterDelete: paths.myTemplates.getHref(),
    messages: templatePageMessages,
  });

  return (
    <Page title="Template Details" actions={backToList}>
      {edit.notice && <Alert tone={edit.notice.tone}>{edit.notice.text}</Alert>}
      {edit.editing ? (
        <EditTemplateForm
          template={template}
          onSaved={(saved) => {
            onSaved(saved);
            edit.saved();
          }}
          onCancel={edit.cancel}
        />
      ) : (
        <>
          <Details>
            <IdDetail label="Template ID" id={template.id} />
            <TitleAndDescription title={template.title} description={template.description} />
            <Detail label="Base Price">{formatAmount(template.base_price_minor, template.currency)}</Detail>
            <Detail label="Currency">{template.currency}</Detail>
            <InspectionWindowDetail days={template.inspection_days} />
            <Detail label="Created">{formatDate(template.created_at)}</Detail>
          </Details>
          <ShareTemplate template={template} />
          {edit.error && <Alert tone="error">{edit.error}</Alert>}
          <div className="flex flex-wrap gap-3">
            <Button onClick={edit.startEditing} disabled={edit.working}>
              Modify Template
            </Button>
            <DeleteButton onClick={edit.askToDelete} disabled={edit.working}>
              Delete Template
            </DeleteButton>
          </div>
        </>
      )}
      {edit.confirmingDelete && (
        <ConfirmDeleteDialog
          title="Delete Template"
          keepLabel="Keep Template"
          onDelete={() => void edit.remove()}
          onKeep={edit.keep}
        >
          Are you sure you want to delete this template? This cannot be undone.
        </ConfirmDeleteDialog>
      )}
    </Page>
  );
}

/** Edit mode: the template's fields as they are now, sent as the edit once the form's own check passes. */
function EditTemplateForm({
  template,
  onSaved,
  onCancel,
}: {
  template: TemplateView;
  onSaved: (template: TemplateView) => void;
  onCancel: () => void;
}) {
  const form = useApiForm(editTemplateFormSchema, {
    fallback: templatePageMessages.saveFailed,
    defaultValues: {
      title: template.title,
      description: template.description,
      base_price: toDecimalString(template.base_price_minor, template.currency),
      currency: template.currency,
      inspectionDays: template.inspection_days,
    },
  });
  const currency = useController({ control: form.control, name: 'currency' });

  return (
    <EditForm
      onSubmit={form.submit((request) => editTemplate(template.id, request), onSaved)}
      onCancel={onCancel}
      working={form.working}
      error={form.error}
    >
      <TemplateFields
        field={(name) => ({
          ...form.register(name, { valueAsNumber: name === 'inspectionDays' }),
          error: form.fieldError(name),
        })}
        price={String(form.watch('base_price'))}
        currency={{ ...currency.field, error: currency.fieldState.error?.message }}
        currencies={editCurrencies}
      />
    </EditForm>
  );
}
