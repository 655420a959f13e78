import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractView } from '../../lambdas/core/api/contracts';
import { toDecimalString } from '../../lambdas/core/domain/money';
import { type LocalCloud, startLocalCloud } from '../../lib/local/index';
import { configureAmplify } from '../support/amplify';
import { confirmedUser, signedIn } from '../support/identity';
import { buildWebApp, firstMachine, launchChromium, screenshot, signedInTab } from './browser';

/**
 * A buyer pays into escrow in Chromium, on the provider's sandbox pages, as a person would: card
 * (Pay, Fail, Cancel), OPay and bank transfer (in full and in part). The contract is read back
 * through the API after each.
 */
let cloud: LocalCloud;
let browser: Browser;
// The tabs the two people signed in on: the session lives in the tab (sessionStorage).
let buyerPage: Page;
let sellerPage: Page;
let sellerToken: string;
let buyerToken: string;
let buyerSub: string;
const dist = mkdtempSync(join(tmpdir(), 'escrow-web-'));

beforeAll(async () => {
  await buildWebApp(dist);
  cloud = await startLocalCloud({ webDist: dist });
  configureAmplify(cloud.config);
  const seller = await confirmedUser(cloud, 'seller');
  const buyer = await confirmedUser(cloud, 'buyer');
  ({ token: sellerToken } = await signedIn(seller));
  ({ token: buyerToken, sub: buyerSub } = await signedIn(buyer));
  browser = await launchChromium();
  buyerPage = await signedInTab(browser, cloud.appUrl, buyer, firstMachine);
  sellerPage = await signedInTab(browser, cloud.appUrl, seller, firstMachine);
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

/** An accepted contract for the buyer, of `naira`, waiting for money. */
async function acceptedContract(naira: string): Promise<string> {
  const { id } = await api(sellerToken, 'POST', '/create-contract', {
    acceptorId: buyerSub,
    title: `Tailored suit ${naira}`,
    description: 'Two fittings',
    value: naira,
    currency: 'NGN',
  });
  await api(buyerToken, 'POST', '/accept-contract', { contractId: id });
  return String(id);
}

async function contract(id: string): Promise<ContractView> {
  return ((await api(sellerToken, 'GET', `/contracts/${id}`)) as { contract: ContractView }).contract;
}

/** The buyer from the payment summary to the checkout, on `tab`. */
async function checkout(id: string, tab: 'Bank Transfer' | 'Card' | 'OPay'): Promise<Page> {
  const page = buyerPage;
  await page.goto(`${cloud.appUrl}/escrow-payment/${id}`);
  await page.getByRole('link', { name: 'Proceed to Secure Checkout' }).click();
  await page.waitForURL(`${cloud.appUrl}/custom-checkout/${id}`);
  await page.getByRole('tab', { name: tab }).click();
  return page;
}

async function payOnProviderPage(page: Page, button: 'Pay' | 'Fail' | 'Cancel', shot: string) {
  await page.waitForURL((url) => url.origin !== new URL(cloud.appUrl).origin);
  await screenshot(page, shot);
  await page.getByRole('button', { name: button, exact: true }).click();
}

describe('paying into escrow', () => {
  it('by card: Pay reaches the success page and the contract is fully funded', async () => {
    const id = await acceptedContract('45000');
    const page = await checkout(id, 'Card');
    await page.getByRole('button', { name: 'Pay with Card' }).click();
    await payOnProviderPage(page, 'Pay', 'pay-card-checkout');
    await page.waitForURL(new RegExp(`/payment-success/${id}`), { timeout: 30_000 });
    await screenshot(page, 'pay-card-success');
    expect(await contract(id)).toMatchObject({ status: 'fully_funded', amount_paid_minor: 4_500_000 });
  });

  it('by OPay: Pay on the OPay page reaches the success page and the contract is fully funded', async () => {
    const id = await acceptedContract('12500.50');
    const page = await checkout(id, 'OPay');
    await page.getByRole('button', { name: 'Pay with OPay' }).click();
    await payOnProviderPage(page, 'Pay', 'pay-opay');
    await page.waitForURL(new RegExp(`/payment-success/${id}`), { timeout: 30_000 });
    expect(await contract(id)).toMatchObject({ status: 'fully_funded', amount_paid_minor: 1_250_050 });
  });

  it('by bank transfer: a transfer sent from the bank page is seen by the checkout, which reaches the success page', async () => {
    const id = await acceptedContract('30000');
    const page = await checkout(id, 'Bank Transfer');
    const accountNumber = ((await page.locator('code').first().textContent()) ?? '').trim();
    expect(accountNumber).toMatch(/^\d{10}$/);
    await screenshot(page, 'pay-bank-account');
    const bank = await buyerPage.context().newPage();
    await bank.goto(cloud.flutterwave.bankUrl);
    await bank.getByLabel('Account number').fill(accountNumber);
    await bank.getByLabel('Amount').fill('30000');
    await bank.getByRole('button', { name: 'Send transfer' }).click();
    await page.waitForURL(new RegExp(`/payment-success/${id}`), { timeout: 30_000 });
    expect(await contract(id)).toMatchObject({ status: 'fully_funded', amount_paid_minor: 3_000_000 });
  });

  it('by card: Fail reaches the failed page and nothing is funded', async () => {
    const id = await acceptedContract('8000');
    const page = await checkout(id, 'Card');
    await page.getByRole('button', { name: 'Pay with Card' }).click();
    await payOnProviderPage(page, 'Fail', 'pay-card-fail');
    await page.waitForURL(new RegExp(`/payment-failed/${id}`), { timeout: 30_000 });
    await page.getByText('Your payment was not completed. The contract has not been funded.').waitFor();
    await page.getByRole('link', { name: 'Try Again' }).waitFor();
    await screenshot(page, 'pay-card-failed');
    expect(await contract(id)).toMatchObject({ status: 'active', amount_paid_minor: 0 });
  });

  it('by card: Cancel reaches the cancelled page and nothing is funded', async () => {
    const id = await acceptedContract('9000');
    const page = await checkout(id, 'Card');
    await page.getByRole('button', { name: 'Pay with Card' }).click();
    await payOnProviderPage(page, 'Cancel', 'pay-card-cancel');
    await page.waitForURL(`${cloud.appUrl}/payment-cancelled/${id}`, { timeout: 30_000 });
    expect(await contract(id)).toMatchObject({ status: 'active', amount_paid_minor: 0 });
  });

  it('in part by bank transfer: the contract is in escrow and the creator sees the progress below 100%', async () => {
    const id = await acceptedContract('20000');
    const page = await checkout(id, 'Bank Transfer');
    const accountNumber = ((await page.locator('code').first().textContent()) ?? '').trim();
    const bank = await buyerPage.context().newPage();
    await bank.goto(cloud.flutterwave.bankUrl);
    await bank.getByLabel('Account number').fill(accountNumber);
    await bank.getByLabel('Amount').fill(toDecimalString(500_000, 'NGN'));
    await bank.getByRole('button', { name: 'Send transfer' }).click();
    await page.waitForURL(new RegExp(`/payment-success/${id}`), { timeout: 30_000 });
    expect(await contract(id)).toMatchObject({ status: 'in_escrow', amount_paid_minor: 500_000, total_amount_minor: 2_000_000 });

    const seller = sellerPage;
    await seller.goto(`${cloud.appUrl}/my-contract-details/${id}`);
    const bar = seller.getByRole('progressbar', { name: 'Payment progress' });
    await bar.waitFor();
    expect(await bar.getAttribute('aria-valuenow')).toBe('25');
    await screenshot(seller, 'pay-part-progress');
  });
});
