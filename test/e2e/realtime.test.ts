import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractView } from '../../lambdas/core/api/contracts';
import type { TransferAccountResponse } from '../../lambdas/core/api/payments';
import type { LocalCloud } from '../../lib/local/index';
import { eventually } from '../support/eventually';
import { resetPassword, type SignedInPerson } from '../support/identity';
import { sendFromBank } from '../support/sandbox-payer';
import { screenshot, subscribed, type TwoPeople, twoPeople } from './browser';

/**
 * Two people in Chromium, each page on its person's realtime channel (the AppSync Events
 * stand-in): what the server writes reaches the open page with no reload and no focus change.
 * The pages' own refreshes are slower than the bounds here (notifications: only on focus; the
 * checkout: a check every 5 s), so meeting them takes the realtime path.
 */
let cloud: LocalCloud;
let seller: SignedInPerson;
let buyer: SignedInPerson;
let buyerPage: Page;
let ok: TwoPeople['ok'];
let stop: TwoPeople['stop'] | undefined;

beforeAll(async () => {
  ({ cloud, seller, buyer, buyerPage, ok, stop } = await twoPeople({ tabs: ['buyer'] }));
});

afterAll(() => stop?.());

describe('realtime, in the browser', () => {
  it('shows the seller’s new contract on the buyer’s open dashboard within 3 s, then moves the open checkout on to success within 3 s of the credit', async () => {
    const listening = subscribed(buyerPage);
    await buyerPage.reload();
    await buyerPage
      .getByRole('heading', { name: /notifications/i })
      .first()
      .waitFor();
    await listening;

    const { id } = await ok<{ id: string }>(seller, 'POST', '/create-contract', {
      acceptorId: buyer.sub,
      title: 'Bridal gown',
      description: 'Ivory, size 12',
      value: '60000',
      currency: 'NGN',
    });
    await buyerPage.getByText(`"Bridal gown" for you`, { exact: false }).first().waitFor({ timeout: 3_000 });
    await screenshot(buyerPage, 'realtime-notification');

    // The buyer accepts and opens the bank transfer checkout; the transfer is sent from the sandbox's bank.
    await ok(buyer, 'POST', '/accept-contract', { contractId: id });
    const checkoutListening = subscribed(buyerPage);
    await buyerPage.goto(`${cloud.appUrl}/escrow-payment/${id}`);
    await buyerPage.getByRole('link', { name: 'Proceed to Secure Checkout' }).click();
    await buyerPage.waitForURL(`${cloud.appUrl}/custom-checkout/${id}`);
    await buyerPage.getByRole('tab', { name: 'Bank Transfer' }).click();
    const accountNumber = ((await buyerPage.locator('code').first().textContent()) ?? '').trim();
    expect(accountNumber).toMatch(/^\d{10}$/);
    await checkoutListening;
    const account = await ok<TransferAccountResponse>(buyer, 'POST', '/generate-transfer-account', { contractId: id });
    expect(account.account_number).toBe(accountNumber);
    expect(await sendFromBank(cloud, accountNumber, '60000')).toBe(200);
    await eventually(
      async () => (await ok<{ contract: ContractView }>(seller, 'GET', `/contracts/${id}`)).contract,
      (c) => c.status === 'fully_funded',
      10_000,
    );
    await buyerPage.waitForURL(new RegExp(`/payment-success/${id}`), { timeout: 3_000 });
    await screenshot(buyerPage, 'realtime-checkout-success');
  });

  // Last: it ends the buyer's sessions.
  it('sends the buyer’s open page to the login page within 3 s of a password reset, told on its realtime channel', async () => {
    const listening = subscribed(buyerPage);
    // The socket the page opens now: whether its channel tells it the session ended.
    const told = new Promise<void>((resolve) =>
      buyerPage.on('websocket', (socket) =>
        socket.on('framereceived', ({ payload }) => {
          if (String(payload).includes('session-ended')) resolve();
        }),
      ),
    );
    await buyerPage.goto(`${cloud.appUrl}/dashboard`);
    await buyerPage
      .getByRole('heading', { name: /notifications/i })
      .first()
      .waitFor();
    await listening;
    // The page's session was signed in long before this second: the reset revokes it.
    await resetPassword(cloud, buyer.user, 'after-the-reset-9');
    await buyerPage.waitForURL(`${cloud.appUrl}/login`, { timeout: 3_000 });
    // It went there because its channel said so (the dashboard asks the API again only on focus).
    await Promise.race([
      told,
      new Promise((_, reject) => setTimeout(() => reject(new Error('the page was never told its session ended')), 1_000)),
    ]);
  });
});
