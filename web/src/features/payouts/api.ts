import {
  type ContractAnalytics,
  contractAnalyticsResponseSchema,
  type ReleaseFundsRequest,
  releaseFundsResponseSchema,
} from '@escrow/api/payouts';
import { apiFetch } from '../../lib/api';

/** The payout endpoints; bodies and replies are the shared API's (`@escrow/api/payouts`). */

/** The contract and its payout, for its creator only (403 for anyone else). */
export function getContractAnalytics(contractId: string): Promise<ContractAnalytics> {
  return apiFetch(`/contracts/${encodeURIComponent(contractId)}/analytics`, { schema: contractAnalyticsResponseSchema });
}

/** Asks for the payout; who releases and how much are the server's to decide, so only the contract and PIN go. */
export function releaseFunds(contractId: string, pin: string) {
  const body: ReleaseFundsRequest = { contractId, pin };
  return apiFetch('/release-funds', { method: 'POST', body, schema: releaseFundsResponseSchema });
}
