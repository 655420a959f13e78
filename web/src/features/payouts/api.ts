import * as endpoints from '@escrow/api/endpoints';
import type { ContractAnalytics } from '@escrow/api/payouts';
import type { PayoutDestination } from '@escrow/domain/conversion';
import { call } from '../../lib/api';

/** The payout endpoints; bodies and replies are the shared API's (`@escrow/api/endpoints`). */

/** The contract and its payout, for its creator only (403 for anyone else). */
export function getContractAnalytics(contractId: string): Promise<ContractAnalytics> {
  return call(endpoints.getContractAnalytics, { params: { id: contractId } });
}

/**
 * Asks for the payout; who releases and how much are the server's to decide, so only the contract and
 * PIN go, and for a contract paid out in naira the rate the seller was shown, which they confirm; for
 * a dollar contract, where the seller chose it goes (`payTo`).
 */
export function releaseFunds(contractId: string, pin: string, rate?: number, payTo?: PayoutDestination) {
  return call(endpoints.releaseFunds, {
    body: { contractId, pin, ...(rate === undefined ? {} : { rate }), ...(payTo === undefined ? {} : { payTo }) },
  });
}

/** The seller confirms, with the PIN, the new rate of a payout that waits for it (the rate fell over 1% before it was sent). */
export function confirmPayoutRate(contractId: string, pin: string, rate: number) {
  return call(endpoints.confirmPayoutRate, { body: { contractId, pin, rate } });
}
