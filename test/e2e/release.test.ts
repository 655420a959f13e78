import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pinMessages } from '../../lambdas/core/api/account';
import type { ContractView } from '../../lambdas/core/api/contracts';
import { payoutMessages } from '../../lambdas/core/api/payouts';
import { payoutReference } from '../../lambdas/core/domain/payout';
import type { LocalCloud } from '../../lib/local/index';
import { fundedContract, markCompleted } from '../support/funded-contract';
import type { SignedInPerson } from '../support/identity';
import { readyToBePaid } from '../support/seller';
import { browserPatience, screenshot, secondMachine, signedInTab, type TwoPeople, twoPeople } from './browser';

/**
 * The seller releases the funds on a phone, from the contract page that says it is their turn:
 * a wrong payment PIN is told under the PIN box and keeps them signed in; the right one sends the
 * payout, and the page says it is on its way.
 */
let cloud: LocalCloud;
let browser: Browser;
let seller: SignedInPerson;
let buyer: SignedInPerson;
let ok: TwoPeople['ok'];
let stop: TwoPeople['stop'] | undefined;
const pin = '2580';

beforeAll(async () => {
  ({ cloud, browser, seller, buyer, ok, stop } = await twoPeople({
    cloud: { flutterwave: { transferDecideMs: 500 } },
    tabs: [],
    prepare: ({ cloud, seller }) => readyToBePaid(cloud, seller, pin),
  }));
});

afterAll(() => stop?.());

const contract = async (id: string) => (await ok<{ contract: ContractView }>(seller, 'GET', `/contracts/${id}`)).contract;

describe('the release, on the contract page', () => {
  it('a wrong PIN is told under the box and keeps the seller signed in; the right PIN sends the payout', async () => {
    const { id: contractId } = await fundedContract(
      cloud,
      seller,
      buyer,
      { title: 'Logo design', description: 'Three concepts', value: '50000' },
      { touched: new Set() },
    );
    await markCompleted(cloud, buyer, contractId);

    // The seller on a phone opens the contract: it is their turn, and the release is right there.
    const page: Page = await signedInTab(browser, cloud.appUrl, seller.user, secondMachine);
    const contractUrl = `${cloud.appUrl}/my-contract-details/${contractId}`;
    await page.goto(contractUrl);
    const progress = page.getByRole('region', { name: 'Progress' });
    await progress.getByText('Your turn: release the funds to your bank account.').waitFor();
    await progress.getByText(/You receive ₦49,000\.00 \(₦50,000\.00 less the 2% fee\), paid to Access Bank/).waitFor();
    const pinBox = progress.getByLabel('Payment PIN');
    const release = progress.getByRole('button', { name: 'Release Funds' });
    expect((await release.boundingBox())?.height).toBeGreaterThanOrEqual(44);

    // A wrong PIN: told under the box, which is emptied for the next try; still signed in, still here.
    await pinBox.fill('9999');
    await release.click();
    await expect.poll(() => pinBox.getAttribute('aria-invalid'), { timeout: browserPatience }).toBe('true');
    const told = page.locator(`[id="${await pinBox.getAttribute('aria-describedby')}"]`);
    expect(await told.textContent()).toBe(pinMessages.wrong);
    expect(await told.isVisible()).toBe(true);
    expect(await pinBox.inputValue()).toBe('');
    await screenshot(page, 'release-wrong-pin');
    expect(page.url()).toBe(contractUrl);
    expect((await contract(contractId)).status).toBe('payer_marked_satisfied');
    expect(cloud.flutterwave.transfers().filter((t) => t.reference === payoutReference(contractId))).toHaveLength(0);

    // The right PIN: the release goes through and the page says the payout is on its way.
    await pinBox.fill(pin);
    await release.click();
    await page.getByText(payoutMessages.releaseRequested).waitFor();
    expect(page.url()).toBe(contractUrl);
    await screenshot(page, 'release-on-its-way');

    // The sandbox settles the transfer: once, to the seller's account, less the 2% fee.
    await page.getByText('Nothing left to do: the contract is completed.').waitFor({ timeout: 30_000 });
    const transfers = cloud.flutterwave.transfers().filter((t) => t.reference === payoutReference(contractId));
    expect(transfers).toHaveLength(1);
    expect(transfers[0]).toMatchObject({ amountMinor: 4_900_000, accountNumber: '0690000032', status: 'SUCCESSFUL' });
    expect((await contract(contractId)).status).toBe('completed');
    await screenshot(page, 'release-completed');
  });
});
