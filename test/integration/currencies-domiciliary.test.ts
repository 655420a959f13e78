import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ContractView } from '../../lambdas/core/api/contracts';
import type { DisputeActionResponse } from '../../lambdas/core/api/disputes';
import type { ProfileResponse } from '../../lambdas/core/api/identity';
import { payoutMessages } from '../../lambdas/core/api/payouts';
import { ownCurrencyMessages } from '../../lambdas/core/domain/conversion';
import type { Currency } from '../../lambdas/core/domain/money';
import { payoutReference } from '../../lambdas/core/domain/payout';
import { getPayout } from '../../lambdas/core/entities/payout';
import type { LocalCloud } from '../../lib/local/index';
import { type CurrencyDeals, startCurrencyDeals } from '../support/currency-deals';
import { eventually } from '../support/eventually';
import { type SignedInPerson, waitForEmail } from '../support/identity';
import { expectBalancedLedgers, expectReconciled, ledgerSummaryOf } from '../support/ledger';
import { providerRefundsOf } from '../support/sandbox-payer';

/**
 * A dollar contract paid to the seller's dollar (domiciliary) account, chosen at the release
 * (`payTo: 'own_currency'`) or preferred for a settlement: the provider sends dollars from the
 * dollar wallet, nothing converted, the 2% fee in dollars. The sandbox pays USD to any account it
 * resolves (Access Bank 0690000031-40; 41 always fails); the seller's naira account is 0690000032,
 * their dollar account 0690000039 (then 0690000038).
 */
const pin = '3719';
const naira = { bank_code: '044', account_number: '0690000032' };
const dollars = { bank_code: '044', account_number: '0690000039', account_name: 'Ifeoma Obi' };
let deals: CurrencyDeals;
let cloud: LocalCloud;
let seller: SignedInPerson;
let buyer: SignedInPerson;

beforeAll(async () => {
  deals = await startCurrencyDeals('domiciliary', pin, {}, naira);
  ({ cloud, seller, buyer } = deals);
}, 120_000);

afterEach(async () => {
  cloud.flutterwave.faults.transferFailures = 0;
  await expectBalancedLedgers(deals.touched);
});

afterAll(async () => {
  await deals?.stop();
});

const call: CurrencyDeals['call'] = (...args) => deals.call(...args);
const contract = (id: string) => deals.contract(id);
const analytics = (id: string) => deals.analytics(id);
const transfersOf = (id: string) => deals.transfersOf(id);
const settledAs = (id: string, status: ContractView['status']) => deals.settledAs(id, status);
const paidByCard = (value: string, currency: Currency) => deals.paidByCard(value, currency);
const satisfied = async (value: string, currency: Currency) => ({ id: await deals.satisfied(value, currency) });
const releaseToDollars = (id: string) => call(seller, '/release-funds', { contractId: id, pin, payTo: 'own_currency' });
const saveDollarAccount = (account: { bank_code: string; account_number: string }, preferred: boolean) =>
  call(seller, '/save-bank-info', { ...account, pin, currency: 'USD', preferred });

describe('a seller without a dollar account', () => {
  it('is refused a release to a dollar account (409), and nothing changes', async () => {
    const { id } = await satisfied('100', 'USD');
    expect((await analytics(id)).payout.own_currency_account).toBeNull();
    expect(await releaseToDollars(id)).toEqual({ status: 409, body: { error: ownCurrencyMessages.noAccount } });
    expect((await contract(id)).status).toBe('payer_marked_satisfied');
    expect(await getPayout(id)).toBeUndefined();
    expect(transfersOf(id)).toEqual([]);
  });
});

describe('a seller with a dollar account', () => {
  beforeAll(async () => {
    const saved = await saveDollarAccount(dollars, false);
    expect(saved, JSON.stringify(saved.body)).toMatchObject({
      status: 200,
      body: { ...dollars, currency: 'USD', preferred: false },
    });
  });

  it('sees it in My Account beside the naira account, the name resolved by the provider', async () => {
    const { body } = await call<ProfileResponse>(seller, '/profile');
    expect(body.profile).toMatchObject({
      ...naira,
      account_name: 'Babatunde Adeyemi',
      foreign_accounts: { USD: { ...dollars, preferred: false } },
    });
  });

  it('is paid a released dollar contract in dollars: the payout less 2% out of the dollar wallet, nothing converted', async () => {
    const { id } = await satisfied('1000', 'USD');
    const planned = (await analytics(id)).payout;
    // Both places before the PIN: the dollar account, and the naira account with the naira at the rate now.
    expect(planned).toMatchObject({
      payout_minor: 98_000,
      own_currency_account: dollars,
      account_number: naira.account_number,
      conversion: { currency: 'NGN', rate: 1500 },
    });

    const walletBefore = cloud.flutterwave.balanceMinor('USD');
    const released = await releaseToDollars(id);
    expect(released, JSON.stringify(released.body)).toMatchObject({
      status: 200,
      body: { message: payoutMessages.releaseRequestedToDollars },
    });
    await settledAs(id, 'completed');

    expect(await getPayout(id)).toMatchObject({
      status: 'paid',
      currency: 'USD',
      destination_currency: 'USD',
      payout_minor: 98_000,
      confirmed_rate: null,
      conversion: null,
      account_number: dollars.account_number,
    });
    const [transfer, ...more] = transfersOf(id);
    expect(more).toEqual([]);
    expect(transfer).toMatchObject({
      currency: 'USD',
      debitCurrency: 'USD',
      amountMinor: 98_000,
      debitAmountMinor: 98_000,
      accountNumber: dollars.account_number,
      status: 'SUCCESSFUL',
    });
    // The dollar wallet paid exactly the payout and the provider's fee on it, nothing more.
    const feeMinor = Math.round((transfer?.fee ?? 0) * 100);
    expect(walletBefore - cloud.flutterwave.balanceMinor('USD')).toBe(98_000 + feeMinor);
    expect(await ledgerSummaryOf(id)).toMatchObject({ fees_minor: 2_000, paid_out_minor: 98_000, held_minor: 0 });

    const after = (await analytics(id)).payout;
    expect(after).toMatchObject({ status: 'paid', destination_currency: 'USD', account_number: dollars.account_number });
    expect(after.conversion).toBeUndefined();
    const email = await waitForEmail(cloud, seller.user.email, /^Funds released for "Logo design/);
    expect(email.body.text).toContain('$980.00 for "Logo design');
    expect(email.body.text).toContain('was paid to your dollar account Ifeoma Obi at Access Bank ******0039');

    // A replayed release changes nothing: still one transfer, still to the dollar account.
    expect((await releaseToDollars(id)).status).toBe(200);
    expect((await call(seller, '/release-funds', { contractId: id, pin, rate: 1500 })).status).toBe(200);
    expect(transfersOf(id)).toHaveLength(1);
    expect(await getPayout(id)).toMatchObject({ destination_currency: 'USD', conversion: null });
  });

  it('refuses a euro contract paid to an account in its own currency (409): euros reach a Nigerian seller in naira', async () => {
    const { id } = await satisfied('100', 'EUR');
    expect((await analytics(id)).payout.own_currency_account).toBeUndefined();
    expect(await releaseToDollars(id)).toEqual({ status: 409, body: { error: ownCurrencyMessages.onlyDollars('EUR') } });
    expect((await contract(id)).status).toBe('payer_marked_satisfied');
    expect(await getPayout(id)).toBeUndefined();
  });

  it('redirects a failed dollar payout to the new dollar account the seller saves, never to the naira one', async () => {
    const { id } = await satisfied('200', 'USD');
    // The first transfer and both its retries fail: the payout waits for ops.
    cloud.flutterwave.faults.transferFailures = 3;
    expect((await releaseToDollars(id)).status).toBe(200);
    await eventually(
      () => getPayout(id),
      (p) => p?.status === 'failed',
      30_000,
    );
    cloud.flutterwave.faults.transferFailures = 0;
    // Saving the naira account again moves nothing: this payout goes in dollars.
    expect((await call(seller, '/save-bank-info', { ...naira, pin })).status).toBe(200);
    expect(await getPayout(id)).toMatchObject({ status: 'failed', account_number: dollars.account_number });

    expect((await saveDollarAccount({ bank_code: '044', account_number: '0690000038' }, false)).status).toBe(200);
    await settledAs(id, 'completed');
    expect(await getPayout(id)).toMatchObject({
      status: 'paid',
      reference: payoutReference(id, 2),
      account_number: '0690000038',
      destination_currency: 'USD',
      conversion: null,
      previous_destinations: [expect.objectContaining({ account_number: dollars.account_number, transfer_status: 'FAILED' })],
    });
    const last = transfersOf(id).at(-1);
    expect(last).toMatchObject({ currency: 'USD', amountMinor: 19_600, accountNumber: '0690000038', status: 'SUCCESSFUL' });
    expect(transfersOf(id).every((t) => t.currency === 'USD')).toBe(true);
    // Back to the first dollar account for what follows.
    expect((await saveDollarAccount(dollars, false)).status).toBe(200);
  });

  it("pays the seller's part of a dispute split to the dollar account when the seller prefers dollars", async () => {
    expect((await saveDollarAccount(dollars, true)).status).toBe(200);
    const { id, txRef } = await paidByCard('500', 'USD');
    expect(
      (await call(buyer, '/open-dispute', { contractId: id, reason: 'not_as_described', details: 'One language, not two.' }))
        .status,
    ).toBe(200);
    const proposed = await call<DisputeActionResponse>(buyer, '/propose-settlement', { contractId: id, refund: '100' });
    const proposalId = proposed.body.dispute.proposals.at(-1)?.id;
    expect((await call(seller, '/accept-settlement', { contractId: id, proposalId })).status).toBe(200);
    await settledAs(id, 'partially_refunded');

    expect(providerRefundsOf(cloud, txRef)).toEqual([expect.objectContaining({ amountMinor: 10_000, currency: 'USD' })]);
    // $400.00 released, $8.00 fee, $392.00 to the dollar account, unconverted.
    expect(await getPayout(id)).toMatchObject({
      status: 'paid',
      payout_minor: 39_200,
      destination_currency: 'USD',
      account_number: dollars.account_number,
      conversion: null,
    });
    expect(transfersOf(id)).toEqual([
      expect.objectContaining({
        currency: 'USD',
        debitCurrency: 'USD',
        amountMinor: 39_200,
        accountNumber: dollars.account_number,
      }),
    ]);
    expect(await ledgerSummaryOf(id)).toMatchObject({
      refunded_minor: 10_000,
      fees_minor: 800,
      paid_out_minor: 39_200,
      held_minor: 0,
    });
  });
});

it('agrees with the provider in every currency once these escrows have settled (npm run reconcile)', async () => {
  const report = await expectReconciled();
  expect(report.balances.map((b) => b.currency)).toEqual(expect.arrayContaining(['NGN', 'USD', 'EUR']));
}, 60_000);
