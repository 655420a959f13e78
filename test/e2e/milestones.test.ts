import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractWithPeople } from '../../lambdas/core/api/contracts';
import { payoutMessages } from '../../lambdas/core/api/payouts';
import { payoutReference } from '../../lambdas/core/domain/payout';
import type { LocalCloud } from '../../lib/local/index';
import { markCompleted, payByBankTransfer } from '../support/funded-contract';
import type { SignedInPerson } from '../support/identity';
import { readyToBePaid } from '../support/seller';
import { browserPatience, screenshot, secondMachine, signedInTab, type TwoPeople, twoPeople } from './browser';

/**
 * Milestones in the browser (issue 38), both people on phones: the seller creates a contract in two
 * milestones through the form; once the buyer paid for the whole, the seller delivers milestone 1
 * from its own page with a photo attached, the buyer sees the photo and accepts it, the seller
 * releases it with the payment PIN; milestone 2 then starts by itself and is delivered, accepted
 * and released too; both pages end with both milestones paid and the contract completed.
 */
let cloud: LocalCloud;
let browser: Browser;
let seller: SignedInPerson;
let buyer: SignedInPerson;
let buyerPage: Page;
let ok: TwoPeople['ok'];
let stop: TwoPeople['stop'] | undefined;
const pin = '2580';

beforeAll(async () => {
  ({ cloud, browser, seller, buyer, buyerPage, ok, stop } = await twoPeople({
    cloud: { flutterwave: { transferDecideMs: 500 } },
    tabs: ['buyer'],
    prepare: ({ cloud, seller }) => readyToBePaid(cloud, seller, pin),
  }));
});

afterAll(() => stop?.());

/** An 8 by 8 red PNG: what a phone's photo is, only smaller. */
const photo = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR42mO4YGCAFTEMLQkA2ntMAZZ5tYQAAAAASUVORK5CYII=',
  'base64',
);

const details = (id: string) => ok<ContractWithPeople>(seller, 'GET', `/contracts/${id}`);

describe('a contract in two milestones, in the browser', () => {
  it('is created in milestones, paid once, and each milestone delivered (the first with a photo the buyer sees), accepted and paid out', async () => {
    const app = cloud.appUrl;
    const sellerPage = await signedInTab(browser, app, seller.user, secondMachine);

    // The seller splits the contract into two milestones: the value is their sum.
    await sellerPage.goto(`${app}/create-contract`);
    await sellerPage.getByLabel("Buyer's email or User ID").fill(buyer.sub);
    await sellerPage.getByLabel('Contract Title').fill('Shop website');
    await sellerPage.getByLabel('Description').fill('Design, then build');
    await sellerPage.getByLabel(/Split into milestones/).check();
    await sellerPage.getByLabel('Milestone 1 title').fill('Design');
    await sellerPage.getByLabel('Milestone 1 amount').fill('20000');
    await sellerPage.getByLabel('Milestone 2 title').fill('Build');
    await sellerPage.getByLabel('Milestone 2 amount').fill('30000');
    await sellerPage.getByText('Value: ₦50,000.00 (the sum of the milestones)').waitFor();
    await screenshot(sellerPage, 'milestones-create');
    await sellerPage.getByRole('button', { name: 'Create Contract' }).click();
    await sellerPage.getByRole('button', { name: 'I Agree & Create Contract' }).click();
    await sellerPage.waitForURL(/\/my-created-contract\/[0-9A-Z]{26}$/);
    const id = sellerPage.url().split('/').pop() ?? '';
    expect((await details(id)).contract.milestones?.map((m) => [m.title, m.amount_minor])).toEqual([
      ['Design', 2_000_000],
      ['Build', 3_000_000],
    ]);

    // The buyer accepts and pays the whole contract once (the checkout is the one every contract has).
    await ok(buyer, 'POST', '/accept-contract', { contractId: id });
    await payByBankTransfer(cloud, buyer, id, '50000');

    // The seller's page of the whole contract: milestone 1 is theirs to deliver, milestone 2 waits.
    await sellerPage.goto(`${app}/my-contract-details/${id}`);
    await sellerPage.getByTestId('milestone-1-state').getByText('Your turn: deliver it').waitFor();
    expect(await sellerPage.getByTestId('milestone-2-state').textContent()).toBe(
      'Not started: it starts when the one before it ends',
    );
    await screenshot(sellerPage, 'milestones-seller-whole');
    await sellerPage.getByRole('link', { name: 'Open milestone 1' }).click();
    await sellerPage.getByTestId('milestone-of').getByText('Milestone 1 of 2 of').waitFor();
    const first = String((await details(id)).milestones?.[0]?.contract_id);
    expect(sellerPage.url()).toBe(`${app}/my-contract-details/${first}`);

    // Milestone 1 is delivered with a photo.
    await sellerPage.getByLabel('What was delivered').fill('Design files and mock-ups');
    await sellerPage.getByLabel('Attach photos or PDFs (optional)').setInputFiles({
      name: 'mock-up.png',
      mimeType: 'image/png',
      buffer: photo,
    });
    await sellerPage.getByRole('list', { name: 'Files to attach' }).getByRole('listitem').getByText('Attached').waitFor();
    await sellerPage.getByRole('button', { name: 'Mark as Delivered' }).click();
    await sellerPage.getByText(/Contract marked as delivered/).waitFor();

    // The buyer's page of the whole contract says it is theirs to inspect; the milestone's page shows the photo.
    await buyerPage.goto(`${app}/contracts/${id}`);
    await buyerPage
      .getByTestId('milestone-1-state')
      .getByText('Your turn: inspect it and accept it, or report a problem')
      .waitFor();
    await buyerPage.getByRole('link', { name: 'Open milestone 1' }).click();
    const image = buyerPage
      .getByRole('list', { name: 'Files attached to the delivery' })
      .getByRole('img', { name: 'mock-up.png' });
    await image.waitFor();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: browserPatience })
      .toBe(8);
    await screenshot(buyerPage, 'milestones-buyer-sees-photo');
    await buyerPage.getByRole('button', { name: 'Mark as Completed' }).click();
    await buyerPage.getByRole('dialog').getByRole('button', { name: 'Yes, Mark as Completed' }).click();
    await buyerPage.getByText('Waiting for the seller to release the funds.').waitFor();

    // The seller releases milestone 1 with the payment PIN: its amount less 2%.
    await sellerPage.reload();
    const progress = sellerPage.getByRole('region', { name: 'Progress' });
    await progress.getByText(/You receive ₦19,600\.00 \(₦20,000\.00 less the 2% fee\)/).waitFor();
    await progress.getByLabel('Payment PIN').fill(pin);
    await progress.getByRole('button', { name: 'Release Funds' }).click();
    await sellerPage.getByText(payoutMessages.releaseRequested).waitFor();
    await sellerPage.getByText('Nothing left to do: the contract is completed.').waitFor({ timeout: 30_000 });

    // Milestone 2 starts by itself: the whole contract's page follows it.
    await sellerPage.goto(`${app}/my-contract-details/${id}`);
    await sellerPage.getByTestId('milestone-1-state').getByText('Paid to the seller').waitFor();
    await sellerPage.getByTestId('milestone-2-state').getByText('Your turn: deliver it').waitFor({ timeout: 30_000 });
    const second = String((await details(id)).milestones?.[1]?.contract_id);
    await sellerPage.getByRole('link', { name: 'Open milestone 2' }).click();
    await sellerPage.getByLabel('What was delivered').fill('The shop is live');
    await sellerPage.getByRole('button', { name: 'Mark as Delivered' }).click();
    await sellerPage.getByText(/Contract marked as delivered/).waitFor();
    await markCompleted(cloud, buyer, second);
    await sellerPage.reload();
    const secondProgress = sellerPage.getByRole('region', { name: 'Progress' });
    await secondProgress.getByLabel('Payment PIN').fill(pin);
    await secondProgress.getByRole('button', { name: 'Release Funds' }).click();
    await sellerPage.getByText('Nothing left to do: the contract is completed.').waitFor({ timeout: 30_000 });

    // Both paid out, once each, less 2%; the buyer's page of the whole contract shows both paid.
    for (const [milestone, amountMinor] of [
      [first, 1_960_000],
      [second, 2_940_000],
    ] as const) {
      const transfers = cloud.flutterwave.transfers().filter((t) => t.reference === payoutReference(milestone));
      expect(transfers.map((t) => [t.amountMinor, t.status])).toEqual([[amountMinor, 'SUCCESSFUL']]);
    }
    await buyerPage.goto(`${app}/contracts/${id}`);
    await buyerPage.getByTestId('milestone-2-state').getByText('Paid to the seller').waitFor({ timeout: browserPatience });
    expect(await buyerPage.getByTestId('milestone-1-state').textContent()).toBe('Paid to the seller');
    await expect.poll(async () => (await details(id)).contract.status, { timeout: browserPatience }).toBe('completed');
    await screenshot(buyerPage, 'milestones-buyer-both-paid');
  });
});
