import * as endpoints from '../core/api/endpoints/payouts';
import { endpointFunction } from '../core/runtime/api-function';
import { contractAnalytics } from '../core/services/payouts/analytics';

/** What a contract took in, its fee and its payout, for its creator only. */
export const handler = endpointFunction(endpoints.getContractAnalytics, ({ caller, params }) =>
  contractAnalytics(params.id, caller.sub),
);
