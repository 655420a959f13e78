import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractView } from '../../lambdas/core/api/contracts';
import { paymentMessages } from '../../lambdas/core/api/payments';
import { payoutReference } from '../../lambdas/core/domain/payout';
import type { LocalCloud } from '../../lib/local/index';
import type { SignedInPerson } from '../support/identity';
import { readyToBePaid } from '../support/seller';
import { screenshot, type TwoPeople, twoPeople } from './browser';

/**
 * A dollar deal in Chromium, as the two people do it: the seller creates a USD contract on the
 * create form, the buyer accepts it and pays by card on the provider's page in dollars (the only
 * way offered for dollars), the seller delivers, the buyer marks it completed, and the seller, shown
 * the payout in dollars and in naira at the provider's rate before the PIN, releases it: the
 * provider sends naira to the seller's account out of the dollar wallet (sandbox: ₦1,500 per $1).
 */
let cloud: LocalCloud;
let seller: SignedInPerson;
let buyer: SignedInPerson;
let sellerPage: Page;
let buyerPage: Page;
let ok: TwoPeople['ok'];
let stop: TwoPeople['stop'] | undefined;
const pin = '2580';

beforeAll(async () => {
  // The seller on a desktop, the buyer on a phone: a dollar contract's pages must work at both widths.
  ({ cloud, seller, buyer, sellerPage, buyerPage, ok, stop } = await twoPeople({
    cloud: { flutterwave: { transferDecideMs: 500 } },
    prepare: ({ cloud, seller }) => readyToBePaid(cloud, seller, pin),
  }));
});

afterAll(() => stop?.());

const contract = async (id: string) => (await ok<{ contract: ContractView }>(seller, 'GET', `/contracts/${id}`)).contract;

describe('a dollar contract, in the browser', () => {
  // The whole deal on two tabs took 70-90 s on a busy 2-core machine, near the e2e project's 120 s: a bound, not a wait.
  it('is created in USD, paid by card in dollars, and released to the naira account at ₦1,500.00 per $1 shown before the PIN', async () => {
    const app = cloud.appUrl;
    const title = 'Website redesign';

    // The seller creates it on the form, choosing USD: the preview after the fee is in dollars.
    await sellerPage.goto(`${app}/create-contract`);
    await sellerPage.getByLabel("Buyer's email or User ID").fill(buyer.sub);
    await sellerPage.getByLabel('Contract Title').fill(title);
    await sellerPage.getByLabel('Description').fill('Five pages, mobile first');
    await sellerPage.getByLabel('Currency').selectOption('USD');
    await sellerPage.getByLabel('Value').fill('1000');
    await sellerPage.getByText('You will receive $980.00 after the 2% fee').waitFor();
    await screenshot(sellerPage, 'usd-create-contract');
    await sellerPage.getByRole('button', { name: 'Create Contract' }).click();
    await sellerPage.getByRole('button', { name: 'I Agree & Create Contract' }).click();
    await sellerPage.waitForURL(/\/my-created-contract\/[0-9A-Z]{26}$/);
    const id = sellerPage.url().split('/').pop() ?? '';
    await sellerPage.getByText('$1,000.00').first().waitFor();
    await screenshot(sellerPage, 'usd-created-contract');
    expect(await contract(id)).toMatchObject({ currency: 'USD', value_minor: 100_000, status: 'pending' });

    // The buyer accepts it by its ID and is asked for dollars.
    await buyerPage.goto(`${app}/accept-contract-manual`);
    await buyerPage.getByLabel('Contract ID').fill(id);
    await buyerPage.getByRole('button', { name: 'Search' }).click();
    await buyerPage.getByText(title).first().waitFor();
    await buyerPage.getByText('$1,000.00').first().waitFor();
    await buyerPage.getByRole('button', { name: 'Accept Contract' }).click();
    await buyerPage.getByRole('button', { name: 'I Agree & Accept' }).click();
    await buyerPage.waitForURL(`${app}/escrow-payment/${id}`);
    await buyerPage.getByText('$1,000.00').first().waitFor();
    // Its tips promise nothing of a bank transfer, which a dollar contract is not offered.
    const tips = buyerPage.locator('h2:text-is("Payment tips") + ul');
    await tips.getByText('Check the contract ID, title and amount before you pay.').waitFor();
    expect(await tips.textContent()).not.toMatch(/bank transfer/i);
    await screenshot(buyerPage, 'usd-escrow-payment');

    // The checkout offers the card alone, saying why; the provider's card page charges dollars.
    await buyerPage.getByRole('link', { name: 'Proceed to Secure Checkout' }).click();
    await buyerPage.waitForURL(`${app}/custom-checkout/${id}`);
    await buyerPage.getByText(paymentMessages.cardOnly('USD')).waitFor();
    expect(await buyerPage.getByRole('tab').allTextContents()).toEqual(['Card']);
    await buyerPage.getByText('$1,000.00').first().waitFor();
    await screenshot(buyerPage, 'usd-checkout-card-only');
    await buyerPage.getByRole('button', { name: 'Pay with Card' }).click();
    await buyerPage.waitForURL((url) => url.origin !== new URL(app).origin);
    expect(await buyerPage.locator('dd.amount').textContent()).toBe('$1,000.00');
    await screenshot(buyerPage, 'usd-provider-card-page');
    await buyerPage.getByRole('button', { name: 'Pay', exact: true }).click();
    await buyerPage.waitForURL(new RegExp(`/payment-success/${id}`), { timeout: 30_000 });
    await buyerPage.getByText('Your payment was received.', { exact: false }).waitFor();
    await screenshot(buyerPage, 'usd-payment-success');
    const charged = cloud.flutterwave.transactions().filter((t) => t.txRef.includes(id));
    expect(charged.map((t) => [t.currency, t.amountMinor, t.status])).toEqual([['USD', 100_000, 'successful']]);
    expect(await contract(id)).toMatchObject({ status: 'fully_funded', amount_paid_minor: 100_000 });

    // The seller delivers on their contract page.
    await sellerPage.goto(`${app}/my-contract-details/${id}`);
    await sellerPage.getByText(/^Your turn: deliver( by .+)?, then mark the contract as delivered\.$/).waitFor();
    await sellerPage.getByLabel('What was delivered').fill('Staging site: redesign.example.com');
    await sellerPage.getByRole('button', { name: 'Mark as Delivered' }).click();
    await sellerPage.getByText(/Contract marked as delivered/).waitFor();

    // The buyer marks it completed on theirs, after a confirmation naming the dollars.
    await buyerPage.goto(`${app}/contracts/${id}`);
    await buyerPage.getByText(/Your turn: inspect the delivery and mark it completed or open a dispute by/).waitFor();
    await buyerPage.getByRole('button', { name: 'Mark as Completed' }).click();
    const confirm = buyerPage.getByRole('dialog');
    await confirm.getByText(/\$1,000\.00/).waitFor();
    await confirm.getByRole('button', { name: 'Yes, Mark as Completed' }).click();
    await buyerPage.getByText('Waiting for the seller to release the funds.').waitFor();
    await screenshot(buyerPage, 'usd-buyer-completed');

    // Before the PIN, the seller reads the payout in dollars and what reaches the bank in naira, at which rate.
    await sellerPage.reload();
    const progress = sellerPage.getByRole('region', { name: 'Progress' });
    await progress.getByText('Your turn: release the funds to your bank account.').waitFor();
    await progress.getByText(/You receive \$980\.00 \(\$1,000\.00 less the 2% fee\), paid to Access Bank/).waitFor();
    const converted = progress.getByText('$980.00 at ₦1,500.00 per $1 is ₦1,470,000.00, paid to your naira account.', {
      exact: true,
    });
    await converted.waitFor();
    expect(await converted.isVisible()).toBe(true);
    await screenshot(sellerPage, 'usd-release-rate-before-pin');

    // The release sends the rate the seller saw, and the provider pays naira out of the dollar wallet.
    const released = sellerPage.waitForRequest((request) => request.url().endsWith('/release-funds'));
    await progress.getByLabel('Payment PIN').fill(pin);
    await progress.getByRole('button', { name: 'Release Funds' }).click();
    expect((await released).postDataJSON()).toEqual({ contractId: id, pin, rate: 1500 });
    await sellerPage.getByText('Nothing left to do: the contract is completed.').waitFor({ timeout: 30_000 });
    await screenshot(sellerPage, 'usd-release-completed');
    const transfers = cloud.flutterwave.transfers().filter((t) => t.reference.startsWith(payoutReference(id)));
    expect(transfers).toEqual([
      expect.objectContaining({
        currency: 'NGN',
        amountMinor: 147_000_000,
        debitCurrency: 'USD',
        debitAmountMinor: 98_000,
        accountNumber: '0690000032',
        status: 'SUCCESSFUL',
      }),
    ]);
    expect((await contract(id)).status).toBe('completed');

    // The payout page says it was paid, in dollars, and the naira that reached the bank at which rate.
    await sellerPage.goto(`${app}/contract-analytics/${id}`);
    const paidInNaira = sellerPage.locator('dt:text-is("Paid to your naira account") + dd');
    expect(await paidInNaira.textContent()).toBe('₦1,470,000.00 at ₦1,500.00 per $1');
    expect(await sellerPage.locator('dt:text-is("Your payout") + dd').textContent()).toBe('$980.00');
    await sellerPage.getByText('Completed', { exact: true }).first().waitFor();
    await screenshot(sellerPage, 'usd-analytics-paid');

    // The buyer's page ends completed too, in dollars.
    await buyerPage.reload();
    await buyerPage.getByText('Nothing left to do: the contract is completed.').waitFor();
    await buyerPage.getByText('$1,000.00').first().waitFor();
    await screenshot(buyerPage, 'usd-buyer-final');
  }, 240_000);
});
