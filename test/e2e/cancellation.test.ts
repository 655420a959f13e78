import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractView } from '../../lambdas/core/api/contracts';
import type { TransferAccountResponse } from '../../lambdas/core/api/payments';
import { cancellationMessages } from '../../lambdas/core/domain/escrow-contract';
import { toDecimalString } from '../../lambdas/core/domain/money';
import type { LocalCloud } from '../../lib/local/index';
import { eventually } from '../support/eventually';
import type { SignedInPerson } from '../support/identity';
import { providerRefundsOf, sendFromBank } from '../support/sandbox-payer';
import { screenshot, type TwoPeople, twoPeople } from './browser';

/**
 * A cancellation before delivery, in Chromium, as the two people do it: the buyer of a paid
 * contract asks the seller to cancel on their contract page and sees that they wait; the seller
 * sees the request on their own page and agrees; the sandbox refunds the ₦50,000 paid, and each
 * page ends on a cancelled contract and the buyer's refund.
 */
let cloud: LocalCloud;
let seller: SignedInPerson;
let buyer: SignedInPerson;
let sellerPage: Page;
let buyerPage: Page;
let ok: TwoPeople['ok'];
let stop: TwoPeople['stop'] | undefined;

beforeAll(async () => {
  // The buyer on a phone: the request's dialog and its buttons must work at its width too.
  ({ cloud, seller, buyer, sellerPage, buyerPage, ok, stop } = await twoPeople());
});

afterAll(() => stop?.());

const contract = async (id: string) => (await ok<{ contract: ContractView }>(seller, 'GET', `/contracts/${id}`)).contract;

/** Whether `text` is on the page after a reload: for a page that waits for the other side. */
async function shownAfterReload(page: Page, text: string | RegExp): Promise<boolean> {
  await page.reload();
  await page.getByRole('heading', { name: 'Progress' }).waitFor();
  return page.getByText(text).first().isVisible();
}

describe('cancellation, in the browser', () => {
  it('buyer asks the seller to cancel a paid contract; the seller agrees; the buyer gets all ₦50,000 back', async () => {
    const app = cloud.appUrl;
    const title = 'Catering for 50';

    // Setup through the API: a ₦50,000 contract for the buyer, accepted and paid in full from the sandbox's bank.
    const { id: contractId } = await ok<{ id: string }>(seller, 'POST', '/create-contract', {
      acceptorId: buyer.sub,
      title,
      description: 'Jollof, plantain and drinks for 50 guests',
      value: '50000',
      currency: 'NGN',
    });
    await ok(buyer, 'POST', '/accept-contract', { contractId });
    const account = await ok<TransferAccountResponse>(buyer, 'POST', '/generate-transfer-account', { contractId });
    expect(await sendFromBank(cloud, account.account_number, toDecimalString(account.amount_minor, 'NGN'))).toBe(200);
    const paid = await eventually(
      () => contract(contractId),
      (c) => c.status === 'fully_funded',
    );
    expect(paid.amount_paid_minor).toBe(5_000_000);

    // The buyer goes from Engaged Contracts to the contract, and sees until when it must be delivered.
    const buyerTab = buyerPage;
    await buyerTab.goto(`${app}/engaged-contracts`);
    await buyerTab.getByRole('listitem').filter({ hasText: title }).getByRole('link', { name: title }).click();
    await buyerTab.waitForURL(`${app}/contracts/${contractId}`);
    await buyerTab.getByText(/^If it is not delivered by .+, you are refunded in full\.$/).waitFor();

    // The buyer asks the seller to cancel, after a dialog saying the seller must agree.
    await buyerTab.getByRole('button', { name: 'Ask the seller to cancel' }).click();
    const ask = buyerTab.getByRole('dialog', { name: 'Ask the seller to cancel?' });
    await ask.getByText(/must agree\. If they do, everything you paid, ₦50,000\.00, is refunded to you in full/).waitFor();
    await screenshot(buyerTab, 'cancellation-buyer-ask');
    await ask.getByRole('button', { name: 'Yes, Ask to Cancel' }).click();
    await buyerTab.getByText(cancellationMessages.requested).waitFor();
    await buyerTab.getByText(/^You asked the seller to cancel this contract\./).waitFor();
    await buyerTab.getByText(/^Waiting for the seller to agree to cancel/).waitFor();
    expect(await buyerTab.getByRole('button', { name: 'Ask the seller to cancel' }).count()).toBe(0);
    await screenshot(buyerTab, 'cancellation-buyer-asked');
    const asked = await contract(contractId);
    expect([asked.status, asked.cancellation_requested_by]).toEqual(['fully_funded', buyer.sub]);

    // The seller sees the request on their contract page and agrees, after a dialog naming the amount and the buyer.
    const sellerTab = sellerPage;
    await sellerTab.goto(`${app}/my-contract-details/${contractId}`);
    await sellerTab.getByText(`${buyer.user.fullName} asked to cancel this contract.`).waitFor();
    await sellerTab.getByText(/^Your turn: the buyer asked to cancel\./).waitFor();
    await screenshot(sellerTab, 'cancellation-seller-request');
    await sellerTab.getByRole('button', { name: 'Agree and cancel' }).click();
    const agree = sellerTab.getByRole('dialog', { name: 'Agree to cancel?' });
    await agree
      .getByText(`Everything paid, ₦50,000.00, goes back to ${buyer.user.fullName} with no fee. This cannot be undone.`)
      .waitFor();
    await agree.getByRole('button', { name: 'Yes, Cancel the Contract' }).click();
    await sellerTab.getByText(cancellationMessages.cancelled).waitFor();

    // The seller's page follows the refund by itself until it is made.
    await sellerTab.getByText('Done: ₦50,000.00 refunded to the buyer.').waitFor({ timeout: 60_000 });
    await sellerTab.getByText('Cancelled', { exact: true }).first().waitFor();
    await sellerTab.getByText('Cancelled: ₦50,000.00 was refunded to the buyer', { exact: false }).waitFor();
    expect(await sellerTab.getByRole('button', { name: 'Agree and cancel' }).count()).toBe(0);
    await screenshot(sellerTab, 'cancellation-seller-cancelled');

    // The buyer's page, reloaded, shows the refund.
    await expect
      .poll(() => shownAfterReload(buyerTab, 'Done: ₦50,000.00 refunded to you.'), { timeout: 60_000, interval: 1_000 })
      .toBe(true);
    await buyerTab.getByText('Cancelled', { exact: true }).first().waitFor();
    await buyerTab.getByText('Nothing left to do: the contract is cancelled and ₦50,000.00 was refunded to you.').waitFor();
    await screenshot(buyerTab, 'cancellation-buyer-refunded');

    // What the provider did and what the product recorded: everything paid, back against the buyer's payment.
    const cancelled = await contract(contractId);
    expect([cancelled.status, cancelled.cancellation_requested_by]).toEqual(['cancelled', null]);
    const refunds = providerRefundsOf(cloud, account.txRef);
    expect(refunds.map((r) => [r.amountMinor, r.status])).toEqual([[paid.amount_paid_minor, 'completed']]);
  });
});
