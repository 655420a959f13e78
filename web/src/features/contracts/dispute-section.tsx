import { lazy, Suspense } from 'react';
import { Loading } from '../../components/ui/page';
import type { DisputePanelProps } from './dispute';
import { disputePanelMessages } from './messages';
import { disputePanelShown } from './use-live-contract';

// The panel's code (its forms, the files, the settlement's words) is loaded only when a contract
// page shows it: most contracts are never disputed, and it is not part of a page's first load.
const DisputePanel = lazy(() => import('./dispute').then((m) => ({ default: m.DisputePanel })));

/** The contract page's dispute panel, when it shows anything (`disputePanelShown`), its code loaded then. */
export function DisputeSection(props: DisputePanelProps) {
  if (!disputePanelShown(props.contract.status, props.dispute)) return null;
  return (
    <Suspense fallback={<Loading>{disputePanelMessages.loading}</Loading>}>
      <DisputePanel {...props} />
    </Suspense>
  );
}
