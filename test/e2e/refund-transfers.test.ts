import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractView } from '../../lambdas/core/api/contracts';
import type { TransferAccountResponse } from '../../lambdas/core/api/payments';
import type { RefundsResponse } from '../../lambdas/core/api/refunds';
import type { LocalCloud } from '../../lib/local/index';
import { eventually } from '../support/eventually';
import type { SignedInPerson } from '../support/identity';
import { providerRefundsOf, sendFromBank } from '../support/sandbox-payer';
import { readyToBePaid } from '../support/seller';
import { screenshot, type TwoPeople, twoPeople } from './browser';

/**
 * A refund the provider will not make, in Chromium, as the buyer sees it: they overpay a ₦10,000
 * contract by ₦1,500 by bank transfer, which the sandbox refuses to refund; their contract page
 * asks them for a bank account; once they have saved one, the same page (not reloaded) shows the
 * ₦1,500 sent there.
 */
let cloud: LocalCloud;
let seller: SignedInPerson;
let buyer: SignedInPerson;
let buyerPage: Page;
let ok: TwoPeople['ok'];
let stop: TwoPeople['stop'] | undefined;

beforeAll(async () => {
  // The buyer on a phone: the alert and its link must work at its width.
  ({ cloud, seller, buyer, buyerPage, ok, stop } = await twoPeople({
    tabs: ['buyer'],
    prepare: async ({ cloud }) => cloud.flutterwave.setNonRefundablePaymentTypes(['bank_transfer']),
  }));
});

afterAll(() => stop?.());

const contract = async (id: string) => (await ok<{ contract: ContractView }>(seller, 'GET', `/contracts/${id}`)).contract;
const refunds = async (id: string) => (await ok<RefundsResponse>(buyer, 'GET', `/contracts/${id}/refunds`)).refunds;

describe('a refund by bank transfer, in the browser', () => {
  it('buyer overpays by bank transfer; their page asks for a bank account, then shows the ₦1,500 sent there', async () => {
    // Setup through the API: a ₦10,000 contract for the buyer, accepted and paid ₦11,500 from the sandbox's bank.
    const { id: contractId } = await ok<{ id: string }>(seller, 'POST', '/create-contract', {
      acceptorId: buyer.sub,
      title: 'Catering for 40',
      description: 'Jollof for forty',
      value: '10000',
      currency: 'NGN',
    });
    await ok(buyer, 'POST', '/accept-contract', { contractId });
    const account = await ok<TransferAccountResponse>(buyer, 'POST', '/generate-transfer-account', { contractId });
    expect(await sendFromBank(cloud, account.account_number, '11500')).toBe(200);
    await eventually(
      () => contract(contractId),
      (c) => c.status === 'fully_funded',
    );
    // The provider refuses to refund the excess: it waits for the buyer's bank account.
    await eventually(
      () => refunds(contractId),
      (r) => r[0]?.status === 'awaiting_bank_details',
    );

    // The buyer's contract page asks for a bank account for the ₦1,500.
    const tab = buyerPage;
    await tab.goto(`${cloud.appUrl}/contracts/${contractId}`);
    const section = tab.getByRole('region', { name: 'Refunds' });
    await section.getByText('₦1,500.00', { exact: true }).waitFor();
    await section.getByText('Paid beyond what was due').waitFor();
    await section
      .getByRole('status')
      .getByText(/^We could not send this back .+ Add your bank account in My Account/)
      .waitFor();
    const add = section.getByRole('link', { name: 'Add Bank Account' });
    expect(await add.getAttribute('href')).toBe(`/bank-info?returnTo=%2Fcontracts%2F${contractId}`);
    expect((await add.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    await screenshot(tab, 'refund-transfer-awaiting-bank');

    // The buyer saves a bank account (as My Account does); the open page follows the transfer by itself.
    await readyToBePaid(cloud, buyer, '2468', { bank_code: '044', account_number: '0690000033' });
    await section.getByText(/^Sent to .+ \*{6}0033$/).waitFor({ timeout: 15_000 });
    expect(await add.count()).toBe(0);
    await screenshot(tab, 'refund-transfer-sent');

    // What the provider did: no refund of the payment, one transfer of ₦1,500 to the buyer's account.
    expect(providerRefundsOf(cloud, account.txRef)).toEqual([]);
    const [leg] = await refunds(contractId);
    expect(leg).toMatchObject({ status: 'refunded', method: 'bank_transfer', amount_minor: 150_000 });
    const transfers = cloud.flutterwave.transfers().filter((t) => t.accountNumber === '0690000033');
    expect(transfers.map((t) => [t.amountMinor, t.status])).toEqual([[150_000, 'SUCCESSFUL']]);
  });
});
