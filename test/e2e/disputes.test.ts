import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractView } from '../../lambdas/core/api/contracts';
import type { TransferAccountResponse } from '../../lambdas/core/api/payments';
import { toDecimalString } from '../../lambdas/core/domain/money';
import { payoutReference } from '../../lambdas/core/domain/payout';
import type { LocalCloud } from '../../lib/local/index';
import { eventually } from '../support/eventually';
import type { SignedInPerson } from '../support/identity';
import { providerRefundsOf, sendFromBank } from '../support/sandbox-payer';
import { readyToBePaid } from '../support/seller';
import { screenshot, subscribed, type TwoPeople, twoPeople } from './browser';

/**
 * A dispute settled by agreement, in Chromium, as the two people do it: the seller marks a paid
 * contract delivered; the buyer reaches the contract from Engaged Contracts, opens a dispute and
 * proposes ₦20,000 of ₦50,000 back; the seller accepts on their own contract page; the sandbox
 * settles the refund and the payout, and each page ends on what that side got.
 */
let cloud: LocalCloud;
let seller: SignedInPerson;
let buyer: SignedInPerson;
let sellerPage: Page;
let buyerPage: Page;
let ok: TwoPeople['ok'];
let stop: TwoPeople['stop'] | undefined;

beforeAll(async () => {
  // The buyer on a phone: the dispute's forms and buttons must work at its width too.
  ({ cloud, seller, buyer, sellerPage, buyerPage, ok, stop } = await twoPeople({
    cloud: { flutterwave: { transferDecideMs: 500 } },
    prepare: ({ cloud, seller }) => readyToBePaid(cloud, seller, '2580'),
  }));
});

afterAll(() => stop?.());

const contract = async (id: string) => (await ok<{ contract: ContractView }>(seller, 'GET', `/contracts/${id}`)).contract;

/** Whether `text` is on the page after a reload: for a page that waits for the other side. */
async function shownAfterReload(page: Page, text: string | RegExp): Promise<boolean> {
  await page.reload();
  await page.getByRole('heading', { name: 'Progress' }).waitFor();
  return page.getByText(text).first().isVisible();
}

describe('disputes, in the browser', () => {
  it('buyer disputes a delivery and proposes 40% back; the seller accepts; the buyer is refunded ₦20,000 and the seller paid ₦29,400', async () => {
    const app = cloud.appUrl;
    const title = 'Wedding photos';

    // Setup through the API: a ₦50,000 contract for the buyer, accepted and paid in full from the sandbox's bank.
    const { id: contractId } = await ok<{ id: string }>(seller, 'POST', '/create-contract', {
      acceptorId: buyer.sub,
      title,
      description: 'Full day, 300 edited photos',
      value: '50000',
      currency: 'NGN',
    });
    await ok(buyer, 'POST', '/accept-contract', { contractId });
    const account = await ok<TransferAccountResponse>(buyer, 'POST', '/generate-transfer-account', { contractId });
    expect(await sendFromBank(cloud, account.account_number, toDecimalString(account.amount_minor, 'NGN'))).toBe(200);
    await eventually(
      () => contract(contractId),
      (c) => c.status === 'fully_funded',
    );

    // The seller marks it delivered on their contract page.
    const sellerTab = sellerPage;
    await sellerTab.goto(`${app}/my-contract-details/${contractId}`);
    await sellerTab.getByText(/^Your turn: deliver( by .+)?, then mark the contract as delivered\.$/).waitFor();
    await sellerTab.getByLabel('What was delivered').fill('Gallery link sent by email: photos.example.com/ade-bola');
    await sellerTab.getByRole('button', { name: 'Mark as Delivered' }).click();
    await sellerTab.getByText(/Contract marked as delivered/).waitFor();
    await screenshot(sellerTab, 'dispute-seller-delivered');

    // The buyer goes from Engaged Contracts to the contract by its title.
    const buyerTab = buyerPage;
    await buyerTab.goto(`${app}/engaged-contracts`);
    await buyerTab.getByRole('listitem').filter({ hasText: title }).getByRole('link', { name: title }).click();
    await buyerTab.waitForURL(`${app}/contracts/${contractId}`);
    await buyerTab.getByText(/Your turn: inspect the delivery and mark it completed or open a dispute by/).waitFor();
    await buyerTab
      .getByText(/photos\.example\.com\/ade-bola/)
      .first()
      .waitFor();
    expect(await buyerTab.getByRole('button', { name: 'Mark as Completed' }).isVisible()).toBe(true);
    await screenshot(buyerTab, 'dispute-buyer-contract-delivered');

    // The buyer opens a dispute: the reason from the list, what went wrong.
    await buyerTab.getByRole('button', { name: 'Open a dispute' }).click();
    await buyerTab.getByRole('button', { name: 'Open Dispute' }).click();
    await buyerTab.getByText('Please choose the reason for the dispute.').waitFor(); // nothing chosen yet: refused in the page
    await buyerTab.getByLabel('Reason').selectOption({ label: 'Only part was delivered' });
    await buyerTab.getByLabel('What went wrong').fill('Only 120 of the 300 photos were in the gallery.');
    await screenshot(buyerTab, 'dispute-buyer-open-form');
    await buyerTab.getByRole('button', { name: 'Open Dispute' }).click();
    await buyerTab.getByText('Your dispute is open. The money stays in escrow until it is settled.').waitFor();
    await buyerTab.getByText('Disputed', { exact: true }).first().waitFor();
    expect((await contract(contractId)).status).toBe('disputed');

    // The buyer proposes ₦20,000 back, seeing what each side would get as they type.
    const amountBack = buyerTab.getByLabel('Amount back to the buyer');
    await amountBack.fill('60000');
    await buyerTab.getByText(/cannot be more than what is held in escrow \(₦50,000\.00\)/).waitFor();
    await amountBack.fill('20000');
    await buyerTab.getByText('₦20,000.00 back to the buyer · ₦30,000.00 to the seller (₦29,400.00 after the 2% fee)').waitFor();
    await buyerTab.getByRole('button', { name: 'Propose this split' }).click();
    await buyerTab.getByText('Waiting for the seller to respond to your proposal.').waitFor();
    // Only the other side may accept it.
    expect(await buyerTab.getByRole('button', { name: 'Accept', exact: true }).count()).toBe(0);
    await screenshot(buyerTab, 'dispute-buyer-proposed');

    // The seller sees the proposal on their contract page and accepts it, after a confirmation.
    await sellerTab.goto(`${app}/my-contract-details/${contractId}`);
    await sellerTab.getByText(/Your turn: accept the buyer's proposal/).waitFor();
    const proposals = sellerTab.getByRole('list', { name: 'Proposals' });
    await proposals.getByText('The buyer proposed', { exact: false }).waitFor();
    await proposals.getByText('₦20,000.00 back to the buyer · ₦30,000.00 to the seller (₦29,400.00 after the 2% fee)').waitFor();
    expect(await sellerTab.getByRole('button', { name: 'Refund in full' }).isVisible()).toBe(true);
    await screenshot(sellerTab, 'dispute-seller-proposal');
    await proposals.getByRole('button', { name: 'Accept', exact: true }).click();
    await sellerTab.getByRole('dialog', { name: 'Accept this split?' }).getByRole('button', { name: 'Yes, Accept' }).click();
    await sellerTab.getByText('Settled by agreement', { exact: false }).first().waitFor();

    // The seller's page follows the money by itself until the payout is made.
    const paidToSeller = 'Done: ₦29,400.00 (₦30,000.00 less the ₦600.00 fee) paid to your bank account';
    await sellerTab.getByText(paidToSeller, { exact: false }).waitFor({ timeout: 60_000 });
    await sellerTab.getByText('Partially Refunded', { exact: true }).first().waitFor();
    await screenshot(sellerTab, 'dispute-seller-settled');

    // The buyer's page, reloaded, shows the refund.
    await expect
      .poll(() => shownAfterReload(buyerTab, 'Done: ₦20,000.00 refunded to you'), { timeout: 60_000, interval: 1_000 })
      .toBe(true);
    await buyerTab.getByText('Partially Refunded', { exact: true }).first().waitFor();
    await buyerTab.getByText('Nothing left to do: the dispute is settled and the money has been paid.').waitFor();
    await screenshot(buyerTab, 'dispute-buyer-refunded');

    // What the provider did and what the product recorded.
    expect((await contract(contractId)).status).toBe('partially_refunded');
    const refunds = providerRefundsOf(cloud, account.txRef);
    expect(refunds.map((r) => [r.amountMinor, r.status])).toEqual([[2_000_000, 'completed']]);
    const payouts = cloud.flutterwave.transfers().filter((t) => t.reference === payoutReference(contractId));
    expect(payouts).toHaveLength(1);
    expect(payouts[0]).toMatchObject({ amountMinor: 2_940_000, accountNumber: '0690000032', status: 'SUCCESSFUL' });
  });

  it("both pages open: the buyer's proposal appears on the seller's page without a reload, the seller's acceptance settles the buyer's page, and every party is named, never shown by id", async () => {
    const app = cloud.appUrl;
    // Offered by email: until the buyer accepts, the seller's page has no name for them.
    const { id: contractId } = await ok<{ id: string }>(seller, 'POST', '/create-contract', {
      acceptorId: buyer.user.email,
      title: 'Sofa reupholstery',
      description: 'Two seats, green velvet',
      value: '30000',
      currency: 'NGN',
    });
    const sellerTab = sellerPage;
    const sellerListening = subscribed(sellerTab);
    await sellerTab.goto(`${app}/my-contract-details/${contractId}`);
    const acceptedBy = sellerTab.locator('dt:text-is("Accepted by") + dd');
    await acceptedBy.getByText('Not accepted yet.').waitFor();
    await sellerListening;

    // The buyer accepts, pays in full and opens a dispute (through the API): the seller's open page follows each step.
    await ok(buyer, 'POST', '/accept-contract', { contractId });
    await acceptedBy.getByText('Test buyer', { exact: true }).waitFor({ timeout: 5_000 });
    const account = await ok<TransferAccountResponse>(buyer, 'POST', '/generate-transfer-account', { contractId });
    expect(await sendFromBank(cloud, account.account_number, toDecimalString(account.amount_minor, 'NGN'))).toBe(200);
    await eventually(
      () => contract(contractId),
      (c) => c.status === 'fully_funded',
    );
    await sellerTab.locator('dt:text-is("Payers") + dd').getByText('Test buyer', { exact: true }).waitFor({ timeout: 5_000 });
    await ok(buyer, 'POST', '/open-dispute', {
      contractId,
      reason: 'not_as_described',
      details: 'The velvet is blue, not green.',
    });
    await sellerTab.getByText('No proposals yet', { exact: false }).waitFor({ timeout: 5_000 });

    // The buyer's page, on their phone.
    const buyerTab = buyerPage;
    const buyerListening = subscribed(buyerTab);
    await buyerTab.goto(`${app}/contracts/${contractId}`);
    await buyerTab.getByRole('form', { name: 'Propose a split' }).waitFor();
    await buyerListening;
    await buyerTab.locator('dt:text-is("Seller") + dd').getByText('Test seller', { exact: true }).waitFor();

    // The buyer proposes ₦10,000 back; the seller's open page shows it, with Accept, without a reload.
    await buyerTab.getByLabel('Amount back to the buyer').fill('10000');
    await buyerTab.getByRole('button', { name: 'Propose this split' }).click();
    await buyerTab.getByText('Waiting for the seller to respond to your proposal.').waitFor();
    const proposals = sellerTab.getByRole('list', { name: 'Proposals' });
    const split = '₦10,000.00 back to the buyer · ₦20,000.00 to the seller (₦19,600.00 after the 2% fee)';
    await proposals.getByText(split).waitFor({ timeout: 5_000 });
    await sellerTab.getByText(/Your turn: accept the buyer's proposal/).waitFor({ timeout: 5_000 });
    await screenshot(sellerTab, 'dispute-live-seller-proposal');

    // The seller accepts; the buyer's open page stops offering a split and shows the settlement, without a reload.
    await proposals.getByRole('button', { name: 'Accept', exact: true }).click();
    await sellerTab.getByRole('dialog', { name: 'Accept this split?' }).getByRole('button', { name: 'Yes, Accept' }).click();
    await sellerTab.getByText('You accepted the proposal: the dispute is settled.').waitFor();
    await buyerTab.getByText('Settled by agreement', { exact: false }).first().waitFor({ timeout: 5_000 });
    expect(await buyerTab.getByRole('form', { name: 'Propose a split' }).count()).toBe(0);
    expect(await buyerTab.getByRole('button', { name: 'Accept', exact: true }).count()).toBe(0);
    await screenshot(buyerTab, 'dispute-live-buyer-settled');
    // And it follows the money to the end by itself: the refund, then the contract's final status.
    await buyerTab.getByText('Done: ₦10,000.00 refunded to you', { exact: false }).waitFor({ timeout: 60_000 });
    await buyerTab.getByText('Partially Refunded', { exact: true }).first().waitFor();

    // Names all along, on both pages: neither party's id shows where the other's name belongs.
    expect(await acceptedBy.textContent()).toBe('Test buyer');
    expect(await sellerTab.locator('main').textContent()).not.toContain(buyer.sub.slice(0, 8));
    expect(await buyerTab.locator('main').textContent()).not.toContain(seller.sub.slice(0, 8));
  });
});
