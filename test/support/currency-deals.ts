import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { ContractView } from '../../lambdas/core/api/contracts';
import type { ContractAnalytics } from '../../lambdas/core/api/payouts';
import type { Currency } from '../../lambdas/core/domain/money';
import { payoutReference } from '../../lambdas/core/domain/payout';
import { type LocalCloud, type LocalCloudOptions, startLocalCloud } from '../../lib/local/index';
import { configureAmplify } from './amplify';
import { eventually } from './eventually';
import { apiCaller } from './http';
import { type SignedInPerson, signedInPerson } from './identity';
import { cardCheckout } from './sandbox-payer';
import { readyToBePaid } from './seller';

/**
 * Contracts in dollars, euros and pounds against a local cloud of their own, as
 * test/integration/currencies.test.ts makes them: a seller ready to be paid (bank account and PIN),
 * a buyer who pays by card in the contract's currency, and the calls a payout test makes.
 */
export interface CurrencyDeals {
  cloud: LocalCloud;
  seller: SignedInPerson;
  buyer: SignedInPerson;
  /** Every contract made, for the ledger checks after each test. */
  touched: Set<string>;
  call: ReturnType<typeof apiCaller>;
  contract(id: string): Promise<ContractView>;
  analytics(id: string): Promise<ContractAnalytics>;
  /** `release-funds` with the seller's PIN, and the rate they were shown when given. */
  release(id: string, rate?: number): ReturnType<ReturnType<typeof apiCaller>>;
  /** The sandbox's transfers of the contract's payout, retries included. */
  transfersOf(id: string): ReturnType<LocalCloud['flutterwave']['transfers']>;
  /** A contract of `value` in `currency`, accepted and paid in full by card by `payer` (the buyer unless named). */
  paidByCard(value: string, currency: Currency, payer?: SignedInPerson): Promise<PaidContract>;
  /** A contract of `value` in `currency`, accepted, paid in full by card and marked completed by the buyer. */
  satisfied(value: string, currency: Currency): Promise<string>;
  settledAs(id: string, status: ContractView['status']): Promise<ContractView>;
  stop(): Promise<void>;
}

/** A contract paid by card: its id, the card payment's reference and its title. */
export interface PaidContract {
  id: string;
  txRef: string;
  title: string;
}

/**
 * Starts the cloud, signs in a seller (ready to be paid to `sellerAccount`, with `pin`) and a buyer.
 * `options` are the local cloud's, over the payout tests' short retries.
 */
export async function startCurrencyDeals(
  name: string,
  pin: string,
  options: LocalCloudOptions = {},
  sellerAccount?: { bank_code: string; account_number: string },
): Promise<CurrencyDeals> {
  const dataDir = mkdtempSync(join(tmpdir(), `escrow-${name}-`));
  const cloud = await startLocalCloud({
    dataDir,
    workflowRetryIntervals: { Transfer: 100 },
    flutterwave: { transferDecideMs: 300 },
    ...options,
  });
  configureAmplify(cloud.config);
  const seller = await signedInPerson(cloud, 'seller');
  const buyer = await signedInPerson(cloud, 'buyer');
  await readyToBePaid(cloud, seller, pin, sellerAccount);
  const touched = new Set<string>();
  const call = apiCaller(cloud);
  const contract = async (id: string) => ((await call(seller, `/contracts/${id}`)).body as { contract: ContractView }).contract;
  const settledAs = (id: string, status: ContractView['status']) =>
    eventually(
      () => contract(id),
      (c) => c.status === status,
      30_000,
    );

  async function paidByCard(value: string, currency: Currency, payer = buyer): Promise<PaidContract> {
    const title = `Logo design ${touched.size + 1}`;
    const made = await call(seller, '/create-contract', {
      acceptorId: payer.sub,
      title,
      description: 'Three concepts, two revisions',
      value,
      currency,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = String(made.body.id);
    touched.add(id);
    expect((await call(payer, '/accept-contract', { contractId: id })).status).toBe(200);
    const card = await call(payer, '/start-card-payment', { contractId: id });
    expect(card.body).toMatchObject({ currency });
    const { txRef } = card.body as { txRef: string };
    await cardCheckout(cloud, txRef, value, 'pay', currency);
    await settledAs(id, 'fully_funded');
    return { id, txRef, title };
  }

  async function satisfied(value: string, currency: Currency): Promise<string> {
    const { id } = await paidByCard(value, currency);
    expect((await call(buyer, '/mark-contract-completed', { contractId: id })).status).toBe(200);
    return id;
  }

  return {
    cloud,
    seller,
    buyer,
    touched,
    call,
    contract,
    analytics: async (id) => (await call(seller, `/contracts/${id}/analytics`)).body as ContractAnalytics,
    release: (id, rate) => call(seller, '/release-funds', { contractId: id, pin, ...(rate ? { rate } : {}) }),
    transfersOf: (id) => cloud.flutterwave.transfers().filter((t) => t.reference.startsWith(payoutReference(id))),
    paidByCard,
    satisfied,
    settledAs,
    stop: async () => {
      await cloud.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
