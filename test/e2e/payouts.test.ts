import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractView } from '../../lambdas/core/api/contracts';
import { payoutReference } from '../../lambdas/core/domain/payout';
import { type LocalCloud, startLocalCloud } from '../../lib/local/index';
import { configureAmplify } from '../support/amplify';
import { confirmedUser, signedIn, type TestUser, waitForEmail } from '../support/identity';
import { sixDigitCode } from '../support/mailbox';
import { buildWebApp, firstMachine, launchChromium, screenshot, signedInTab } from './browser';

/**
 * The whole lifecycle in Chromium, as the two people do it: the seller sets a payment PIN and bank
 * details; the buyer pays by card on the provider's page and marks the contract completed; the
 * seller releases with the PIN; the sandbox settles the transfer; both see it completed, and the
 * seller's My Account shows the bank, the devices and the notifications.
 */
let cloud: LocalCloud;
let browser: Browser;
let sellerPage: Page;
let buyerPage: Page;
let seller: TestUser;
let sellerToken: string;
let buyerSub: string;
let buyerToken: string;
const dist = mkdtempSync(join(tmpdir(), 'escrow-web-'));
const pin = '2580';

beforeAll(async () => {
  await buildWebApp(dist);
  cloud = await startLocalCloud({ webDist: dist, flutterwave: { transferDecideMs: 500 } });
  configureAmplify(cloud.config);
  seller = await confirmedUser(cloud, 'seller');
  const buyer = await confirmedUser(cloud, 'buyer');
  ({ token: sellerToken } = await signedIn(seller));
  ({ sub: buyerSub, token: buyerToken } = await signedIn(buyer));
  browser = await launchChromium();
  sellerPage = await signedInTab(browser, cloud.appUrl, seller, firstMachine);
  buyerPage = await signedInTab(browser, cloud.appUrl, buyer, firstMachine);
});

afterAll(async () => {
  await browser?.close();
  await cloud?.stop();
  rmSync(dist, { recursive: true, force: true });
});

async function api(token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${cloud.apiUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as Record<string, unknown>;
}

async function contract(id: string): Promise<ContractView> {
  return ((await api(sellerToken, 'GET', `/contracts/${id}`)) as { contract: ContractView }).contract;
}

describe('money out, in the browser', () => {
  it('seller sets a PIN and bank details; buyer pays and marks completed; seller releases; both see completed', async () => {
    const app = cloud.appUrl;
    const page = sellerPage;

    // The seller sets a payment PIN: the security answer, the emailed code, the PIN twice.
    await page.goto(`${app}/reset-pin`);
    await page.getByLabel('Security answer').fill(seller.answer);
    await page.getByRole('button', { name: 'Send Code' }).click();
    const code = sixDigitCode(await waitForEmail(cloud, seller.email, /payment PIN code/));
    await page.getByLabel('6-digit code').fill(code);
    await page.getByLabel('New PIN').fill(pin);
    await page.getByLabel('Confirm PIN').fill(pin);
    await screenshot(page, 'payout-reset-pin');
    await page.getByRole('button', { name: 'Set PIN' }).click();
    await page.waitForURL(`${app}/my-account`);

    // Bank details: search, pick, type the number, leave the box (verification), save with the PIN.
    await page.goto(`${app}/bank-info`);
    await page.getByRole('heading', { name: 'Enter Bank Details' }).waitFor();
    await page.getByLabel('Search banks').fill('access');
    await page.getByLabel('Bank', { exact: true }).selectOption('044');
    await page.getByLabel('Account number').fill('06900000-31x');
    expect(await page.getByLabel('Account number').inputValue()).toBe('0690000031');
    await page.getByLabel('Account number').press('Tab');
    await page.getByText('Account verified successfully!').waitFor();
    await page.getByLabel('Payment PIN').fill(pin);
    await screenshot(page, 'payout-bank-info');
    await page.getByRole('button', { name: 'Save Bank Info' }).click();
    await page.waitForURL(`${app}/my-account`);
    await page.getByText('Bank details saved successfully!').waitFor();

    // A contract for the buyer, accepted and paid by card on the provider's page.
    const { id } = await api(sellerToken, 'POST', '/create-contract', {
      acceptorId: buyerSub,
      title: 'Logo design',
      description: 'Three concepts',
      value: '50000',
      currency: 'NGN',
    });
    const contractId = String(id);
    await api(buyerToken, 'POST', '/accept-contract', { contractId });
    const buyer = buyerPage;
    await buyer.goto(`${app}/custom-checkout/${contractId}`);
    await buyer.getByRole('tab', { name: 'Card' }).click();
    await buyer.getByRole('button', { name: 'Pay with Card' }).click();
    await buyer.waitForURL((url) => url.origin !== new URL(app).origin);
    await buyer.getByRole('button', { name: 'Pay', exact: true }).click();
    await buyer.waitForURL(new RegExp(`/payment-success/${contractId}`), { timeout: 30_000 });

    // The buyer marks it completed from Engaged Contracts, before any delivery: offered only as accepting early.
    await buyer.goto(`${app}/engaged-contracts`);
    const row = buyer.getByRole('listitem').filter({ hasText: 'Logo design' });
    await row.getByText('The usual way is to wait for the delivery, check it, then mark the contract completed.').waitFor();
    await screenshot(buyer, 'payout-engaged-accept-early');
    await row.getByRole('button', { name: 'Mark as Completed before delivery' }).click();
    // It asks first, naming the amount and the seller.
    const confirm = buyer.getByRole('dialog');
    await confirm.getByText(/₦50,000.00/).waitFor();
    await confirm.getByRole('button', { name: 'Yes, Mark as Completed' }).click();
    await row.getByText('Buyer accepted the delivery').waitFor();
    await screenshot(buyer, 'payout-engaged-marked');
    expect((await contract(contractId)).status).toBe('payer_marked_satisfied');

    // The seller goes from View Contracts' Fund Release to the analytics and releases with the PIN.
    await page.goto(`${app}/view-contracts`);
    await page
      .getByRole('listitem')
      .filter({ hasText: 'Logo design' })
      .getByRole('link', { name: /Fund Release/ })
      .click();
    await page.waitForURL(`${app}/contract-analytics/${contractId}`);
    await page.getByText('₦1,000.00').first().waitFor(); // the 2% fee of ₦50,000.00
    await page.getByText('₦49,000.00').first().waitFor();
    await page.getByLabel('Payment PIN').fill(pin);
    await page.getByRole('button', { name: 'Release Funds' }).click();
    await page.getByText('Completed', { exact: true }).first().waitFor({ timeout: 30_000 });
    await screenshot(page, 'payout-analytics-completed');

    const transfers = cloud.flutterwave.transfers().filter((t) => t.reference === payoutReference(contractId));
    expect(transfers).toHaveLength(1);
    expect(transfers[0]).toMatchObject({ amountMinor: 4_900_000, accountNumber: '0690000031', status: 'SUCCESSFUL' });
    expect(await contract(contractId)).toMatchObject({ status: 'completed' });

    // The buyer sees it completed too.
    await buyer.goto(`${app}/engaged-contracts`);
    await buyer.getByRole('listitem').filter({ hasText: 'Logo design' }).getByText('Completed', { exact: true }).waitFor();

    // The seller's My Account: the bank by name, the devices, the notifications.
    await page.goto(`${app}/my-account`);
    await page.getByText('Access Bank').first().waitFor();
    await page.getByText('0690000031').first().waitFor();
    await page.getByRole('button', { name: 'Copy' }).click();
    await page.getByText('Copied!').waitFor();
    await screenshot(page, 'payout-my-account');
    await page.getByRole('tab', { name: 'Trusted Devices' }).click();
    await page.getByText('Current Device').waitFor();
    expect(await page.getByRole('button', { name: 'Remove' }).first().isDisabled()).toBe(true);
    await screenshot(page, 'payout-my-account-devices');
    await page.goto(`${app}/my-account?tab=notifications`);
    await page.getByText('Funds released').first().waitFor();
    await screenshot(page, 'payout-my-account-notifications');
  });
});
