import type { ReactNode } from 'react';
import type { Loaded } from '../../lib/use-load';
import { Alert } from './alert';
import { Loading, Page } from './page';

/**
 * A page whose data has not come (lib/use-load.ts): its frame, with the spinner while the data
 * loads, or the error `failure` words once it could not be read.
 */
export function NotLoadedPage({
  title,
  actions,
  state,
  failure,
}: {
  title: string;
  actions?: ReactNode;
  state: Exclude<Loaded<unknown>, { status: 'loaded' }>;
  failure: (error: unknown) => ReactNode;
}) {
  return (
    <Page title={title} actions={actions}>
      {state.status === 'loading' ? <Loading /> : <Alert tone="error">{failure(state.error)}</Alert>}
    </Page>
  );
}
