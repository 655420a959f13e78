import * as endpoints from '../core/api/endpoints/contracts';
import { endpointFunction } from '../core/runtime/api-function';
import { refundsFor } from '../core/services/refunds/view';

/** The caller's refunds on a contract, for its parties only: each leg, how it goes back and where it stands. */
export const handler = endpointFunction(endpoints.getRefunds, async ({ caller, params }) => ({
  refunds: await refundsFor(params.id, caller.sub),
}));
