import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { invitationMessages } from '../../lambdas/core/api/invitations';
import { contractMessages } from '../../lambdas/core/domain/escrow-contract';
import { invitationLimits } from '../../lambdas/core/domain/throttle-rules';
import { type LocalCloud, startLocalCloud } from '../../lib/local/index';
import { configureAmplify } from '../support/amplify';
import { eventually } from '../support/eventually';
import { apiRequest } from '../support/http';
import { ageAccount, linkIn, newTestUser, type SignedInPerson, signedInPerson } from '../support/identity';
import { emailsTo, type MailboxEmail } from '../support/mailbox';
import { readyToBePaid } from '../support/seller';
import { browserPatience, buildWebApp, firstMachine, launchChromium, screenshot, secondMachine, signedInTab } from './browser';

/**
 * The deal as two people live it on their phones: the seller names the buyer by an email that
 * has no account; the invitation in the mailbox opens the contract after the buyer signs up; the
 * buyer pays; and at every step each of them gets an email whose link opens the contract.
 */

let cloud: LocalCloud;
let browser: Browser;
let seller: SignedInPerson;
const dist = mkdtempSync(join(tmpdir(), 'escrow-web-'));
const pin = '2468';
const phone = { width: 390, height: 844 };
const sellerPhone: BrowserContextOptions = { ...firstMachine, viewport: phone, isMobile: true, hasTouch: true };

beforeAll(async () => {
  await buildWebApp(dist);
  cloud = await startLocalCloud({ webDist: dist });
  configureAmplify(cloud.config);
  browser = await launchChromium();
  seller = await signedInPerson(cloud, 'seller');
  await readyToBePaid(cloud, seller, pin);
});

afterAll(async () => {
  await browser?.close();
  await cloud?.stop();
  rmSync(dist, { recursive: true, force: true });
});

/** The newest email to `to` whose subject matches, waiting for what runs on its own clock (webhooks, the workflow). */
async function emailTo(to: string, subject: RegExp): Promise<MailboxEmail> {
  const emails = await eventually(
    () => emailsTo(cloud.mailboxUrl, to),
    (all) => all.some((e) => subject.test(e.subject)),
    30_000,
  );
  return emails.filter((e) => subject.test(e.subject)).at(-1) as MailboxEmail;
}

it('a seller invites an email; the buyer signs up from the invitation, pays, and both get an email at every step that opens the contract', async () => {
  const buyer = newTestUser('bola');
  buyer.fullName = 'Bola Ade';
  const title = 'Bridal gown alteration';

  // The seller names the buyer by email, and sees what they will receive as they type.
  const sellerTab = await signedInTab(browser, cloud.appUrl, seller.user, sellerPhone);
  await sellerTab.goto(`${cloud.appUrl}/create-contract`);
  await sellerTab.getByLabel("Buyer's email or User ID").fill(buyer.email);
  await sellerTab.getByLabel('Contract Title').fill(title);
  await sellerTab.getByLabel('Description').fill('Take in the waist, shorten the hem');
  await sellerTab.getByLabel('Value').fill('45,000');
  await sellerTab.getByText('You will receive ₦44,100.00 after the 2% fee').waitFor();
  await screenshot(sellerTab, 'invite-create');
  await sellerTab.getByRole('button', { name: 'Create Contract' }).click();
  await sellerTab.getByRole('button', { name: 'I Agree & Create Contract' }).click();
  await sellerTab.waitForURL(/\/my-created-contract\//);
  const id = new URL(sellerTab.url()).pathname.split('/').at(-1) ?? '';
  await sellerTab.getByText(`Invitation sent to ${buyer.email}.`).waitFor();
  expect(await sellerTab.getByTestId('share-link').textContent()).toBe(`${cloud.appUrl}/contracts/${id}`);
  await screenshot(sellerTab, 'invite-created');

  // The invitation opens its offer: sign-up from there, back to the contract after.
  const invitation = await emailTo(buyer.email, /^You are invited to a contract on MiddleMan escrow$/);
  expect(invitation.body.text).toContain(`"${title}"`);
  const buyerTab = await (await browser.newContext(secondMachine)).newPage();
  await buyerTab.goto(linkIn(invitation).toString());
  await buyerTab.getByRole('link', { name: 'Create your account to accept' }).click();
  await signUp(buyerTab, buyer);
  await confirmAndLogIn(buyerTab, buyer);
  await buyerTab.waitForURL(`${cloud.appUrl}/contracts/${id}`);

  // Before paying, the buyer sees whom they pay and what.
  await buyerTab.getByText(title).first().waitFor();
  expect(await buyerTab.getByText('Seller', { exact: true }).locator('xpath=..').textContent()).toContain('Test seller');
  expect(await buyerTab.getByText('You pay', { exact: true }).locator('xpath=..').textContent()).toContain('₦45,000.00');
  await screenshot(buyerTab, 'invite-offer');
  await buyerTab.getByRole('button', { name: 'Accept' }).click();
  await buyerTab.getByRole('button', { name: 'I Agree & Accept' }).click();
  await buyerTab.waitForURL(`${cloud.appUrl}/escrow-payment/${id}`);
  await buyerTab.getByRole('link', { name: 'Proceed to Secure Checkout' }).click();
  await buyerTab.waitForURL(`${cloud.appUrl}/custom-checkout/${id}`);
  await buyerTab.getByRole('tab', { name: 'Card' }).click();
  await buyerTab.getByRole('button', { name: 'Pay with Card' }).click();
  await buyerTab.waitForURL((url) => url.origin !== new URL(cloud.appUrl).origin);
  await buyerTab.getByRole('button', { name: 'Pay', exact: true }).click();
  await buyerTab.waitForURL(new RegExp(`/payment-success/${id}`), { timeout: 30_000 });

  // The seller delivers; the buyer, from the delivery email, marks it completed; the seller releases.
  await sellerTab.goto(`${cloud.appUrl}/my-contract-details/${id}`);
  await sellerTab.getByLabel('What was delivered').fill('Gown ready for pickup at the shop');
  await sellerTab.getByRole('button', { name: 'Mark as Delivered' }).click();
  const delivered = await emailTo(buyer.email, new RegExp(`"${title}" was delivered`));
  await buyerTab.goto(linkIn(delivered).toString());
  await buyerTab.getByRole('button', { name: 'Mark as Completed' }).click();
  await buyerTab.getByRole('button', { name: 'Yes, Mark as Completed' }).click();
  const completed = await emailTo(seller.user.email, new RegExp(`"${title}" is complete`));
  await sellerTab.goto(linkIn(completed).toString());
  await sellerTab.waitForURL(`${cloud.appUrl}/my-contract-details/${id}`);
  await sellerTab.goto(`${cloud.appUrl}/contract-analytics/${id}`);
  await sellerTab.getByLabel('Payment PIN').fill(pin);
  await sellerTab.getByRole('button', { name: 'Release Funds' }).click();

  // Every step reached each of them by email, each linking to the contract (the invitation, whose
  // subject names no contract, was checked above).
  const sellerSteps = [/was accepted/, /Payment received for/, /is complete/, /Funds released for/];
  const buyerSteps = [/Payment received for/, /was delivered/, /is complete/];
  for (const [who, steps] of [
    [seller.user.email, sellerSteps],
    [buyer.email, buyerSteps],
  ] as const) {
    for (const step of steps) {
      const email = await emailTo(who, new RegExp(`${step.source}.*"${title}"|"${title}".*${step.source}`));
      expect(linkIn(email).pathname, `${who}: ${email.subject}`).toBe(`/contracts/${id}`);
      expect(email.body.text, email.subject).not.toMatch(/<\/?[a-z]/);
    }
  }

  // The release's email opens the deal: for the seller, their own page of it.
  await sellerTab.goto(linkIn(await emailTo(seller.user.email, /Funds released for/)).toString());
  await sellerTab.waitForURL(`${cloud.appUrl}/my-contract-details/${id}`);
  await sellerTab.getByText(title).first().waitFor();
  await screenshot(sellerTab, 'invite-released');
  const completion = await emailTo(buyer.email, new RegExp(`"${title}" is complete`));
  await buyerTab.goto(linkIn(completion).toString());
  await buyerTab.getByText(title).first().waitFor();
  await screenshot(buyerTab, 'invite-completed');
});

it('an invitation link shows a person with no account the offer, signs them up with the email filled in, says to check their email, and after the confirmation and login opens the contract to accept', async () => {
  const buyer = newTestUser('ngozi');
  buyer.fullName = 'Ngozi Eze';
  const title = 'Ankara dress, size 12';
  const created = await apiRequest(cloud.apiUrl, {
    method: 'POST',
    path: '/create-contract',
    token: seller.token,
    body: { acceptorId: buyer.email, title, description: 'Two pieces, lined', value: '45,000', inspectionDays: 5 },
  });
  expect(created.status).toBe(201);
  const id = String((created.json as { id: string }).id);

  // The link opens the offer on the buyer's phone, with nobody signed in: whom, what, how much, how long to inspect.
  const invitation = await emailTo(buyer.email, /^You are invited to a contract on MiddleMan escrow$/);
  const buyerTab = await (await browser.newContext(secondMachine)).newPage();
  await buyerTab.goto(linkIn(invitation).toString());
  await buyerTab.getByRole('heading', { name: 'You Are Invited to a Contract' }).waitFor();
  const offer = (await buyerTab.locator('dl').textContent()) ?? '';
  expect(offer).toContain('SellerTest seller');
  expect(offer).toContain(`Title${title}`);
  expect(offer).toContain('Amount₦45,000.00');
  expect(offer).toContain('Inspection window5 days to check the delivery');
  expect(await buyerTab.getByText(seller.user.email).count()).toBe(0);
  const create = buyerTab.getByRole('link', { name: 'Create your account to accept' });
  expect((await create.boundingBox())?.height).toBeGreaterThanOrEqual(44);
  await buyerTab.getByRole('link', { name: 'I already have an account' }).waitFor();
  await screenshot(buyerTab, 'invite-preview');

  // Sign-up with the email filled in; then "check your email", not a login it cannot pass yet.
  await create.click();
  await signUp(buyerTab, buyer);
  await screenshot(buyerTab, 'invite-check-email');
  expect(new URL(buyerTab.url()).pathname).toBe('/signup');

  // The confirmation link, opened from the mail app in a new tab of the same browser, then the login: the contract opens.
  const mailTab = await buyerTab.context().newPage();
  await confirmAndLogIn(mailTab, buyer);
  await mailTab.waitForURL(`${cloud.appUrl}/contracts/${id}`);
  await mailTab.getByText(title).first().waitFor();
  await screenshot(mailTab, 'invite-contract-after-sign-up');
  await mailTab.getByRole('button', { name: 'Accept' }).click();
  await mailTab.getByRole('button', { name: 'I Agree & Accept' }).click();
  await mailTab.waitForURL(`${cloud.appUrl}/escrow-payment/${id}`);
  await emailTo(seller.user.email, new RegExp(`"${title}" was accepted`));
});

it('a seller past their invitation emails is told to send the link themselves; an invitee stops a sender’s emails in one click', async () => {
  const busy = await signedInPerson(cloud, 'busy-seller');
  const first = newTestUser('first-invitee');
  const offer = (acceptorId: string, title: string) =>
    apiRequest(cloud.apiUrl, {
      method: 'POST',
      path: '/create-contract',
      token: busy.token,
      body: { acceptorId, title, description: 'By hand', value: '1000' },
    });
  // A new account's invitation emails for the hour, used up.
  expect((await offer(first.email, 'First')).status).toBe(201);
  for (let i = 1; i < invitationLimits.perHourNewAccount; i++)
    expect((await offer(newTestUser(`filler${i}`).email, `Filler ${i}`)).status).toBe(201);

  const late = newTestUser('late-invitee');
  const tab = await signedInTab(browser, cloud.appUrl, busy.user, firstMachine);
  await tab.goto(`${cloud.appUrl}/create-contract`);
  await tab.getByLabel("Buyer's email or User ID").fill(late.email);
  await tab.getByLabel('Contract Title').fill('Shared by hand');
  await tab.getByLabel('Description').fill('One cake');
  await tab.getByLabel('Value').fill('5,000');
  await tab.getByRole('button', { name: 'Create Contract' }).click();
  await tab.getByRole('button', { name: 'I Agree & Create Contract' }).click();
  await tab.waitForURL(/\/my-created-contract\//);
  const id = new URL(tab.url()).pathname.split('/').at(-1) ?? '';
  await tab.getByText(contractMessages.invitationNotEmailed(late.email)).waitFor();
  expect(await tab.getByText(`Invitation sent to ${late.email}.`).count()).toBe(0);
  expect(await tab.getByTestId('share-link').textContent()).toBe(`${cloud.appUrl}/contracts/${id}`);
  await tab.getByRole('button', { name: 'Copy link' }).waitFor();
  await screenshot(tab, 'invite-not-emailed');
  expect(await emailsTo(cloud.mailboxUrl, late.email)).toEqual([]);

  // The first invitee opens "stop emails from this sender" from their invitation: the page stops them as it opens.
  const invitation = await emailTo(first.email, /^You are invited to a contract on MiddleMan escrow$/);
  const stopLink = /https?:\/\/\S+\/stop-invitation-emails\?token=\S+/.exec(invitation.body.text ?? '')?.[0] ?? '';
  const invitee = await (await browser.newContext(secondMachine)).newPage();
  await invitee.goto(stopLink);
  await invitee.getByText(invitationMessages.stopped).waitFor();
  await screenshot(invitee, 'invite-stopped');
  await ageAccount(busy.sub, invitationLimits.newAccountHours + 1);
  const after = await offer(first.email, 'After the stop');
  expect(after.status).toBe(201);
  expect(after.json).toMatchObject({ invitation_emailed: false });
});

/**
 * Sign-up as a person fills it in on their phone, opened from an invitation: the email is already
 * there. It ends on "check your email", at the top of the page.
 */
async function signUp(page: Page, person: ReturnType<typeof newTestUser>) {
  await page.waitForURL((url) => url.pathname === '/signup');
  expect(await page.getByLabel('Email').inputValue()).toBe(person.email);
  await page.getByLabel('Full Name').fill(person.fullName);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByLabel('Confirm Password').fill(person.password);
  await page.getByLabel('Phone Number').fill('+234 803 555 0101');
  await page.getByLabel('Security Question').selectOption(person.question);
  await page.getByLabel('Security Answer').fill(person.answer);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.getByRole('heading', { name: 'Check Your Email' }).waitFor();
  expect(await page.getByText('Open the confirmation email we sent to').textContent()).toContain(person.email);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
}

/**
 * The emailed confirmation link followed on `page`, in the browser that signed up (a mail app may
 * open it in a new tab: the way back to the contract is kept by the browser, not the tab); the
 * password asked there, then the login it moves on to, with the email already filled in.
 */
async function confirmAndLogIn(page: Page, person: ReturnType<typeof newTestUser>): Promise<void> {
  await page.goto(linkIn(await emailTo(person.email, /Confirm your email/)).toString());
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Confirm Email' }).click();
  await page.getByText('Your email has been confirmed').waitFor();
  await page.waitForURL((url) => url.pathname === '/login', { timeout: browserPatience });
  expect(await page.getByLabel('Email').inputValue()).toBe(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Login' }).click();
}
