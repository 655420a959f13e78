import { expect } from 'vitest';
import type { ContractView } from '../../lambdas/core/api/contracts';
import type { TransferAccountResponse } from '../../lambdas/core/api/payments';
import { toDecimalString } from '../../lambdas/core/domain/money';
import type { LocalCloud } from '../../lib/local/index';
import { eventually } from './eventually';
import { apiCaller } from './http';
import type { SignedInPerson } from './identity';
import { sendFromBank } from './sandbox-payer';

/** What a test's contract says: its title, its description and its value in naira (a decimal string). */
export interface ContractTerms {
  title: string;
  description: string;
  value: string;
}

/**
 * An accepted NGN contract of the creator's, named for the buyer, which the buyer paid in full from
 * the sandbox's bank page; answers its id, added to `touched` (the contracts whose ledgers the test
 * checks) as soon as it exists.
 */
export async function contractPaidInFull(
  cloud: LocalCloud,
  creator: SignedInPerson,
  buyer: SignedInPerson,
  terms: ContractTerms,
  touched: Set<string>,
): Promise<string> {
  const call = apiCaller(cloud);
  const made = await call(creator, '/create-contract', { acceptorId: buyer.sub, ...terms, currency: 'NGN' });
  const id = String(made.body.id);
  touched.add(id);
  expect((await call(buyer, '/accept-contract', { contractId: id })).status).toBe(200);
  const generated = await call<TransferAccountResponse>(buyer, '/generate-transfer-account', { contractId: id });
  expect(generated.status, JSON.stringify(generated.body)).toBe(200);
  const account = generated.body;
  expect(await sendFromBank(cloud, account.account_number, toDecimalString(account.amount_minor))).toBe(200);
  await eventually(
    async () => (await call<{ contract: ContractView }>(buyer, `/contracts/${id}`)).body.contract,
    (contract) => contract.status === 'fully_funded',
  );
  return id;
}

/** Marks a funded contract completed as its buyer (the payer is satisfied: the seller may release). */
export async function markCompleted(cloud: LocalCloud, buyer: SignedInPerson, contractId: string): Promise<void> {
  const marked = await apiCaller(cloud)(buyer, '/mark-contract-completed', { contractId });
  expect(marked.status, JSON.stringify(marked.body)).toBe(200);
}
