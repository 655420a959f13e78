import { formatAmount } from '@escrow/domain/money';
import { useCallback } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../../components/ui/alert';
import { CopyableId } from '../../components/ui/copy-button';
import { Loading, linkButtonClass, linkClass, Page } from '../../components/ui/page';
import { paths } from '../../config/paths';
import { useLoad } from '../../lib/use-load';
import { listMyTemplates } from './api';
import { templatePageMessages } from './messages';

/** The templates the user created (spec §2 "Templates"). */
export function MyTemplates() {
  const [state] = useLoad(useCallback(() => listMyTemplates(), []));
  return (
    <Page
      title="My Templates"
      actions={
        <Link to={paths.createTemplate.getHref()} className={linkButtonClass}>
          Create Template
        </Link>
      }
    >
      {state.status === 'loading' && <Loading />}
      {state.status === 'failed' && <Alert tone="error">{templatePageMessages.loadListFailed}</Alert>}
      {state.status === 'loaded' && state.data.length === 0 && (
        <p className="text-gray-600 dark:text-gray-400">You have not created any templates yet.</p>
      )}
      {state.status === 'loaded' && state.data.length > 0 && (
        <ul className="space-y-4">
          {state.data.map((template) => (
            <li key={template.id} className="rounded-lg border border-gray-200 p-5 shadow-sm dark:border-gray-800">
              <div className="flex flex-wrap items-start justify-between gap-4">
                <div className="space-y-1">
                  <h2 className="text-lg font-semibold">{template.title}</h2>
                  <p className="text-sm text-gray-600 dark:text-gray-400">Currency: {template.currency}</p>
                  <p>Base price: {formatAmount(template.base_price_minor, template.currency)}</p>
                </div>
                <Link to={paths.templateDetails.getHref(template.id)} className={linkClass}>
                  View Details
                </Link>
              </div>
              <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
                <span className="text-gray-600 dark:text-gray-400">ID:</span>
                <CopyableId id={template.id} confirmation="toast" />
              </div>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
