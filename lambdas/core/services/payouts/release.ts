import type { ContractView } from '../../api/contracts';
import { payoutMessages } from '../../api/payouts';
import {
  conversionMessages,
  describeRate,
  nairaCurrency,
  ownCurrencyMessages,
  type PayoutDestination,
  paysToOwnCurrency,
  rateMovedBeyondTolerance,
} from '../../domain/conversion';
import { disputeMessages } from '../../domain/dispute';
import { ConflictError, ForbiddenError } from '../../domain/errors';
import { type Contract, type ContractStatus, isInDispute, isReleaseRequested, nextStatus } from '../../domain/escrow-contract';
import { assertNotSplit } from '../../domain/milestones';
import { payoutFigures, payoutReference } from '../../domain/payout';
import { contractUpdate, loadContract, updated } from '../../entities/contract';
import { type Payout, payoutPut } from '../../entities/payout';
import { type BankDetails, getProfile, payoutAccountIn, type UserProfile } from '../../entities/profile';
import { failedConditions, transactWrite } from '../../entities/table';
import { checkPaymentPin } from '../account-settings';
import { toContractView } from '../contract-view';
import { answerStepLater } from '../escrow-workflow';
import { rateForPerson } from './conversion';

/**
 * Money out (ARCHITECTURE §5) starts here: once the payer is satisfied (services/satisfaction.ts),
 * the creator requests the release with the payment PIN, and the workflow pays the creator:
 * PreparePayout (prepare.ts), Transfer (transfer.ts, answered by transfer-webhook.ts),
 * PayoutPaid (completion.ts); a transfer that keeps failing waits, `failed`, until ops resume
 * it (failure.ts).
 */

/** Why the release cannot be requested in `status`: frozen by a dispute, or the payer is not satisfied yet. */
function releaseRefusal(status: ContractStatus): string {
  return isInDispute(status) ? disputeMessages.releaseFrozen : payoutMessages.notSatisfied(status);
}

/**
 * A payout converted to naira is released at the rate the seller was shown, as long as the
 * provider's rate now has not fallen beyond the tolerance below it (the payout then goes at the rate
 * of the moment, at most that much less naira); beyond it, or with no rate shown, it is refused
 * and the page shows the new figures. Answers the rate the seller confirmed.
 */
export async function checkShownRate(currency: Contract['currency'], shownRate: number | undefined): Promise<number> {
  if (shownRate === undefined) throw new ConflictError(conversionMessages.rateRequired(currency), { code: 'rate_required' });
  const now = await rateForPerson(currency);
  if (rateMovedBeyondTolerance(shownRate, now))
    throw new ConflictError(conversionMessages.rateMoved(describeRate(shownRate, currency), describeRate(now, currency)), {
      code: 'rate_moved',
    });
  return shownRate;
}

/**
 * Where the seller chose the payout goes, and in which currency the bank receives it: the naira
 * account on file, or the account in the contract's own currency (dollars only), which must be on
 * file too; refused (409) otherwise.
 */
function chosenAccount(
  profile: UserProfile,
  contract: Contract,
  payTo: PayoutDestination,
): BankDetails & { destination_currency: Contract['currency'] } {
  const own = payTo === 'own_currency';
  if (own && !paysToOwnCurrency(contract.currency)) throw new ConflictError(ownCurrencyMessages.onlyDollars(contract.currency));
  const destination_currency = own ? contract.currency : nairaCurrency;
  const account = payoutAccountIn(profile, destination_currency);
  if (!account) throw new ConflictError(own ? ownCurrencyMessages.noAccount : payoutMessages.noBankDetails);
  return { ...account, destination_currency };
}

/**
 * The creator asks for the release, with the payment PIN: `releasing`, the payout written with the
 * stored amounts and the bank details on file, the workflow's release step answered. Asking again
 * once it was asked changes nothing (200).
 */
export async function requestRelease(
  contractId: string,
  sub: string,
  pin: string,
  shownRate?: number,
  payTo: PayoutDestination = 'naira',
): Promise<{ message: string; contract: ContractView }> {
  const contract = await loadContract(contractId);
  if (contract.creator_id !== sub) throw new ForbiddenError(payoutMessages.onlyCreatorReleases);
  assertNotSplit(contract);
  const profile = await getProfile(sub);
  if (!profile) throw new ConflictError(payoutMessages.noBankDetails);
  await checkPaymentPin(profile, pin);
  if (isReleaseRequested(contract.status)) {
    await answerStepLater(contractId, 'release');
    return { message: payoutMessages.releaseAlreadyRequested, contract: toContractView(contract) };
  }
  const status = nextStatus(contract.status, 'request_release', releaseRefusal(contract.status));
  const account = chosenAccount(profile, contract, payTo);
  const converted = account.destination_currency !== contract.currency;
  const confirmedRate = converted ? await checkShownRate(contract.currency, shownRate) : null;
  const now = new Date().toISOString();
  const payout: Payout = {
    contract_id: contract.id,
    creator_id: contract.creator_id,
    status: 'preparing',
    currency: contract.currency,
    ...payoutFigures(contract.amount_paid_minor),
    reference: payoutReference(contract.id),
    confirmed_rate: confirmedRate,
    conversion: null,
    ...account,
    transfer_id: null,
    transfer_status: null,
    attempts: 0,
    retry_of: null,
    resumes: 0,
    provider_message: null,
    requested_at: now,
    updated_at: now,
    paid_at: null,
  };
  try {
    await transactWrite([contractUpdate(contract, { status }), payoutPut(payout)]);
  } catch (error) {
    if (!failedConditions(error)) throw error;
    // Someone (this creator, in another tab or a retry) changed it first: a release already asked is the same answer.
    const now = await loadContract(contractId);
    if (!isReleaseRequested(now.status)) throw new ConflictError(releaseRefusal(now.status));
    return { message: payoutMessages.releaseAlreadyRequested, contract: toContractView(now) };
  }
  await answerStepLater(contractId, 'release');
  const message =
    converted || account.destination_currency === nairaCurrency
      ? payoutMessages.releaseRequested
      : payoutMessages.releaseRequestedToDollars;
  return { message, contract: toContractView(updated(contract, { status })) };
}
