import type { ContractView } from '../../lambdas/core/api/contracts';
import type { TransferAccountResponse } from '../../lambdas/core/api/payments';
import { minorPerMajorOf, toDecimalString } from '../../lambdas/core/domain/money';
import { eventually } from './eventually';
import { apiOrThrow } from './http';
import { sendFromBank } from './sandbox-payer';

/**
 * A contract paid into escrow the way people do it, over the API and the payment sandbox's own
 * bank page: the seller creates it, the buyer accepts it, is shown a one-off account and sends the
 * money there, and the provider's webhook credits it. Each step is its own function for the tests
 * that stop between two (a webhook dropped, an account that is itself the subject); each throws
 * where it went wrong (no vitest here: the benches seed with these too).
 */

/** Where a deal is made: the cloud's API and its payment sandbox's bank page (a `LocalCloud`, or one `npm start` runs). */
export interface DealPlace {
  apiUrl: string;
  flutterwave: { bankUrl: string };
}

/** A signed-in person of the deal: their ID token and User ID. */
export interface Party {
  token: string;
  sub: string;
}

/** What a test's contract says: its title, its description, its value in naira (a decimal string) and, if told, its inspection days. */
export interface ContractTerms {
  title: string;
  description: string;
  value: string;
  inspectionDays?: number;
}

/**
 * An NGN contract of `creator`'s named for `buyer` and accepted by them, waiting for money; answers
 * its id, added to `touched` (the contracts whose ledgers the test checks) as soon as it exists.
 */
export async function acceptedContract(
  cloud: DealPlace,
  creator: Party,
  buyer: Party,
  terms: ContractTerms,
  touched?: Set<string>,
): Promise<string> {
  const ok = apiOrThrow(cloud);
  const { id } = await ok<{ id: string }>(creator, 'POST', '/create-contract', {
    acceptorId: buyer.sub,
    ...terms,
    currency: 'NGN',
  });
  touched?.add(id);
  await ok(buyer, 'POST', '/accept-contract', { contractId: id });
  return id;
}

/** The one-off account the checkout shows `buyer` to pay the contract into by bank transfer. */
export function transferAccount(cloud: DealPlace, buyer: Party, contractId: string): Promise<TransferAccountResponse> {
  return apiOrThrow(cloud)<TransferAccountResponse>(buyer, 'POST', '/generate-transfer-account', { contractId });
}

/** Sends `naira` (a decimal string; all the account asks for unless told) to `account` from the sandbox's bank page. */
export async function sendToAccount(
  cloud: DealPlace,
  account: TransferAccountResponse,
  naira = toDecimalString(account.amount_minor, 'NGN'),
): Promise<void> {
  const status = await sendFromBank(cloud, account.account_number, naira);
  if (status !== 200) throw new Error(`the sandbox's bank refused ${naira} to ${account.account_number}: ${status}`);
}

/**
 * `buyer` pays `naira` (all that is due unless told) into the contract by bank transfer, to the
 * account its checkout shows now, and waits until the contract counts it: what was paid before,
 * plus what was sent up to what was due (an excess goes back, it is never credited). Answers the
 * account paid into.
 */
export async function payByBankTransfer(
  cloud: DealPlace,
  buyer: Party,
  contractId: string,
  naira?: string,
): Promise<TransferAccountResponse> {
  const ok = apiOrThrow(cloud);
  const contract = async () => (await ok<{ contract: ContractView }>(buyer, 'GET', `/contracts/${contractId}`)).contract;
  const paidBefore = (await contract()).amount_paid_minor;
  const account = await transferAccount(cloud, buyer, contractId);
  const sent = naira ?? toDecimalString(account.amount_minor, 'NGN');
  await sendToAccount(cloud, account, sent);
  const credited = paidBefore + Math.min(Math.round(Number(sent) * minorPerMajorOf('NGN')), account.amount_minor);
  await eventually(contract, (c) => c.amount_paid_minor === credited);
  return account;
}

/** A contract that was paid into, and the account it was paid into. */
export interface FundedContract {
  id: string;
  account: TransferAccountResponse;
}

/**
 * An accepted contract (see {@link acceptedContract}) into which the buyer paid by bank transfer:
 * in full, unless `paid` (naira, a decimal string) says less or more; answers once it is credited.
 */
export async function fundedContract(
  cloud: DealPlace,
  creator: Party,
  buyer: Party,
  terms: ContractTerms,
  { paid, touched }: { paid?: string; touched?: Set<string> } = {},
): Promise<FundedContract> {
  const id = await acceptedContract(cloud, creator, buyer, terms, touched);
  const account = await payByBankTransfer(cloud, buyer, id, paid);
  return { id, account };
}

/** Marks a funded contract completed as its buyer (the payer is satisfied: the seller may release). */
export async function markCompleted(cloud: DealPlace, buyer: Party, contractId: string): Promise<void> {
  await apiOrThrow(cloud)(buyer, 'POST', '/mark-contract-completed', { contractId });
}
