import type { ContractAnalytics, PayoutView } from '../../api/payouts';
import { payoutMessages } from '../../api/payouts';
import { ForbiddenError } from '../../domain/errors';
import type { Contract } from '../../domain/escrow-contract';
import { payoutFigures } from '../../domain/payout';
import { loadContract } from '../../entities/contract';
import { getPayout, type Payout } from '../../entities/payout';
import { getProfile } from '../../entities/profile';
import { toContractView } from '../contract-view';

/** `/contract-analytics/{id}`: what a contract's creator sees of its money: paid in, the fee, the payout. */

/** The figures and destination of a contract's payout before it is requested. */
function plannedPayout(
  contract: Contract,
  bank: Pick<Payout, 'bank_code' | 'account_number' | 'account_name'> | null,
): PayoutView {
  return {
    status: 'not_requested',
    ...payoutFigures(contract.amount_paid_minor),
    reference: null,
    provider_message: null,
    bank_code: bank?.bank_code ?? null,
    account_number: bank?.account_number ?? null,
    account_name: bank?.account_name ?? null,
    paid_at: null,
  };
}

function toPayoutView(payout: Payout): PayoutView {
  const { status, released_minor, fee_minor, payout_minor, reference, provider_message } = payout;
  const { bank_code, account_number, account_name, paid_at } = payout;
  return {
    status,
    released_minor,
    fee_minor,
    payout_minor,
    reference,
    provider_message,
    bank_code,
    account_number,
    account_name,
    paid_at,
  };
}

/** `/contract-analytics/{id}`: what was paid, the fee, the payout and where it stands; the creator only. */
export async function contractAnalytics(contractId: string, sub: string): Promise<ContractAnalytics> {
  const contract = await loadContract(contractId);
  if (contract.creator_id !== sub) throw new ForbiddenError(payoutMessages.analyticsCreatorOnly);
  const payout = await getPayout(contractId);
  if (payout) return { contract: toContractView(contract), payout: toPayoutView(payout) };
  const profile = await getProfile(sub);
  const bank =
    profile?.account_number && profile.bank_code && profile.account_name
      ? { bank_code: profile.bank_code, account_number: profile.account_number, account_name: profile.account_name }
      : null;
  return { contract: toContractView(contract), payout: plannedPayout(contract, bank) };
}
