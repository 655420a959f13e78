import { logger } from '../../adapters/logger';
import type { ContractAnalytics, PayoutView } from '../../api/payouts';
import { payoutMessages } from '../../api/payouts';
import { type Conversion, isConverted, nairaCurrency, paysToOwnCurrency } from '../../domain/conversion';
import { ForbiddenError } from '../../domain/errors';
import type { Contract } from '../../domain/escrow-contract';
import { payoutFigures } from '../../domain/payout';
import { loadContract } from '../../entities/contract';
import { getPayout, type Payout } from '../../entities/payout';
import { getProfile, payoutAccountIn } from '../../entities/profile';
import { toContractView } from '../contract-view';
import { quoteConversion } from './conversion';

/** `/contract-analytics/{id}`: what a contract's creator sees of its money: paid in, the fee, the payout. */

type Account = Pick<Payout, 'bank_code' | 'account_number' | 'account_name'>;

/**
 * The figures and destination of a contract's payout before it is requested: the naira account
 * (`bank`), and for a dollar contract the seller's dollar account (`own`), the other place they may
 * choose at the release.
 */
async function plannedPayout(contract: Contract, bank: Account | null, own: Account | null): Promise<PayoutView> {
  const figures = payoutFigures(contract.amount_paid_minor);
  return {
    ...(paysToOwnCurrency(contract.currency) ? { own_currency_account: own } : {}),
    status: 'not_requested',
    ...figures,
    ...(isConverted(contract.currency) ? { conversion: await conversionNow(contract, figures.payout_minor) } : {}),
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
    ...(payout.conversion ? { conversion: payout.conversion } : {}),
    ...(payout.destination_currency ? { destination_currency: payout.destination_currency } : {}),
  };
}

/**
 * What a payout of a contract in another currency would reach the naira account as at the
 * provider's rate now, the figures the seller confirms with the release; null when the rate cannot
 * be read (the page says so and offers no release) or nothing is held yet.
 */
async function conversionNow(contract: Contract, payoutMinor: number): Promise<Conversion | null> {
  if (payoutMinor <= 0) return null;
  try {
    return await quoteConversion(payoutMinor, contract.currency);
  } catch (error) {
    logger.warn('The transfer rate could not be read for a release', { error: error as Error });
    return null;
  }
}

/** A payout waiting for its seller to confirm a moved rate: the figures at the provider's rate now, to confirm. */
async function awaitingRate(contract: Contract, payout: Payout): Promise<PayoutView> {
  return {
    ...toPayoutView(payout),
    waiting_for: 'rate',
    ...(payout.confirmed_rate ? { confirmed_rate: payout.confirmed_rate } : {}),
    conversion: await conversionNow(contract, payout.payout_minor),
  };
}

/** `/contract-analytics/{id}`: what was paid, the fee, the payout and where it stands; the creator only. */
export async function contractAnalytics(contractId: string, sub: string): Promise<ContractAnalytics> {
  const contract = await loadContract(contractId);
  if (contract.creator_id !== sub) throw new ForbiddenError(payoutMessages.analyticsCreatorOnly);
  const payout = await getPayout(contractId);
  if (payout?.waiting_for === 'rate' && payout.status === 'failed')
    return { contract: toContractView(contract), payout: await awaitingRate(contract, payout) };
  if (payout) return { contract: toContractView(contract), payout: toPayoutView(payout) };
  const profile = await getProfile(sub);
  const bank = payoutAccountIn(profile, nairaCurrency) ?? null;
  const own = (paysToOwnCurrency(contract.currency) && payoutAccountIn(profile, contract.currency)) || null;
  return { contract: toContractView(contract), payout: await plannedPayout(contract, bank, own) };
}
