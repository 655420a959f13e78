import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ContractView } from '../../lambdas/core/api/contracts';
import { type LocalCloud, startLocalCloud } from '../../lib/local/index';
import { configureAmplify } from '../support/amplify';
import { confirmedUser, signedIn, type TestUser } from '../support/identity';
import { browserPatience, buildWebApp, firstMachine, launchChromium, screenshot, secondMachine, signedInTab } from './browser';

let cloud: LocalCloud;
let browser: Browser;
let seller: TestUser;
let buyer: TestUser;
let buyerSub: string;
const dist = mkdtempSync(join(tmpdir(), 'escrow-web-'));

beforeAll(async () => {
  await buildWebApp(dist);
  cloud = await startLocalCloud({ webDist: dist });
  configureAmplify(cloud.config);
  seller = await confirmedUser(cloud, 'seller');
  buyer = await confirmedUser(cloud, 'buyer');
  buyerSub = (await signedIn(buyer)).sub;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await cloud?.stop();
  rmSync(dist, { recursive: true, force: true });
});

/** A person on the browser they signed up with. */
function signedInPage(user: TestUser, machine: typeof firstMachine): Promise<Page> {
  return signedInTab(browser, cloud.appUrl, user, machine);
}

async function contractAsSeen(page: Page, id: string): Promise<ContractView> {
  return page.evaluate(
    async ([apiUrl, contractId]) => {
      const key = Object.keys(sessionStorage).find((k) => k.endsWith('.idToken'));
      const response = await fetch(`${apiUrl}/contracts/${contractId}`, {
        headers: { authorization: `Bearer ${key ? sessionStorage.getItem(key) : ''}` },
      });
      return (await response.json()).contract;
    },
    [cloud.apiUrl, id] as const,
  );
}

it('a seller creates a private contract, the buyer accepts it by ID and lands on the payment page, the seller is told', async () => {
  const sellerPage = await signedInPage(seller, firstMachine);
  await sellerPage.goto(`${cloud.appUrl}/create-contract-prompt`);
  await screenshot(sellerPage, '10-create-contract-prompt');
  await sellerPage.getByRole('link', { name: /Private Contract/ }).click();
  await sellerPage.waitForURL(`${cloud.appUrl}/create-contract`);
  await sellerPage.getByLabel("Buyer's email or User ID").fill(buyerSub);
  await sellerPage.getByLabel('Contract Title').fill('Wedding photography');
  await sellerPage.getByLabel('Description').fill('Full day, 300 edited photos');
  await sellerPage.getByLabel('Value').fill('250000.50');
  await sellerPage.getByRole('button', { name: 'Create Contract' }).click();
  await screenshot(sellerPage, '11-create-contract-policy');
  await sellerPage.getByRole('button', { name: 'I Agree & Create Contract' }).click();
  await sellerPage.waitForURL(/\/my-created-contract\/[0-9A-Z]{26}$/);
  const contractId = sellerPage.url().split('/').pop() ?? '';
  await sellerPage.getByText('₦250,000.50').first().waitFor();
  await screenshot(sellerPage, '12-my-created-contract');

  const buyerPage = await signedInPage(buyer, secondMachine);
  await buyerPage.goto(`${cloud.appUrl}/find-contract`);
  await screenshot(buyerPage, '13-find-contract');
  await buyerPage.goto(`${cloud.appUrl}/accept-contract-manual`);
  await buyerPage.getByLabel('Contract ID').fill(contractId);
  await buyerPage.getByRole('button', { name: 'Search' }).click();
  await buyerPage.getByText('Wedding photography').waitFor();
  await screenshot(buyerPage, '14-accept-contract');
  await buyerPage.getByRole('button', { name: 'Accept Contract' }).click();
  await buyerPage.getByRole('button', { name: 'I Agree & Accept' }).click();
  await buyerPage.waitForURL(`${cloud.appUrl}/escrow-payment/${contractId}`);
  await buyerPage.getByRole('link', { name: 'Proceed to Secure Checkout' }).waitFor();
  await buyerPage.getByText('₦250,000.50').first().waitFor();
  await screenshot(buyerPage, '15-escrow-payment');

  expect((await contractAsSeen(sellerPage, contractId)).accepted_by).toEqual([buyerSub]);
  await sellerPage.goto(`${cloud.appUrl}/my-created-contract/${contractId}`);
  await expect
    .poll(async () => (await sellerPage.textContent('body')) ?? '', { timeout: browserPatience })
    .toContain('Accepted by');
  await sellerPage.goto(`${cloud.appUrl}/dashboard`);
  await sellerPage.getByText(/accepted "Wedding photography"/).waitFor();
  await expect
    .poll(async () => sellerPage.getByTestId('unread-count').textContent(), { timeout: browserPatience })
    .toContain('1');
  await screenshot(sellerPage, '16-dashboard-notification');
});

it('a template used with quantity 3 shows and stores base price x 3', async () => {
  const sellerPage = await signedInPage(seller, firstMachine);
  await sellerPage.goto(`${cloud.appUrl}/create-template`);
  await sellerPage.getByLabel('Template Title').fill('Ankara tote bag');
  await sellerPage.getByLabel('Description').fill('Hand made, per bag');
  await sellerPage.getByLabel('Base Price').fill('1500.50');
  await sellerPage.getByRole('button', { name: 'Create Template' }).click();
  await sellerPage.getByText(/is ready\. Share its link with anyone who should use it/).waitFor();
  await screenshot(sellerPage, '17-template-created');
  const templateId = (await sellerPage.locator('code, [data-testid="copyable-id"]').first().textContent())?.trim() ?? '';
  expect(templateId).toMatch(/^[0-9A-Z]{26}$/);
  expect(await sellerPage.getByTestId('share-link').textContent()).toBe(`${cloud.appUrl}/use-template/${templateId}`);

  const buyerPage = await signedInPage(buyer, secondMachine);
  await buyerPage.goto(`${cloud.appUrl}/use-template`);
  await buyerPage.getByLabel('Template ID').fill(templateId);
  await buyerPage.getByRole('button', { name: 'Search' }).click();
  await buyerPage.getByText('Ankara tote bag').waitFor();
  // A quantity that is not a whole number is refused where it is typed, with no total and nothing made.
  await buyerPage.getByLabel('Quantity').fill('2.5');
  await buyerPage.getByText('Quantity must be a whole number from 1 to 1,000,000.').waitFor();
  expect(await buyerPage.getByRole('button', { name: 'Create Contract & Proceed to Payment' }).isDisabled()).toBe(true);
  await buyerPage.getByLabel('Quantity').fill('3');
  await buyerPage.getByText('Total: ₦4,501.50').waitFor();
  await screenshot(buyerPage, '18-use-template');
  // Nothing is made until the buyer confirms the quantity and the total.
  await buyerPage.getByRole('button', { name: 'Create Contract & Proceed to Payment' }).click();
  const confirm = buyerPage.getByRole('dialog', { name: 'Create this contract?' });
  await confirm.getByText('Total to pay into escrow: ₦4,501.50').waitFor();
  await screenshot(buyerPage, '18b-use-template-confirm');
  await confirm.getByRole('button', { name: 'Yes, Create Contract' }).click();
  await buyerPage.waitForURL(/\/escrow-payment\/[0-9A-Z]{26}$/);
  const newId = buyerPage.url().split('/').pop() ?? '';
  await buyerPage.getByRole('link', { name: 'Proceed to Secure Checkout' }).waitFor();
  await buyerPage.getByText('₦4,501.50').first().waitFor();
  await screenshot(buyerPage, '19-escrow-payment-template');
  expect((await contractAsSeen(buyerPage, newId)).value_minor).toBe(450_150);
});
