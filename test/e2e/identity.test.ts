import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type LocalCloud, startLocalCloud } from '../../lib/local/index';
import { configureAmplify } from '../support/amplify';
import { confirmedUser, linkIn, newTestUser, waitForEmail } from '../support/identity';
import { sixDigitCode } from '../support/mailbox';
import { browserPatience, buildWebApp, firstMachine, launchChromium, screenshot, secondMachine, signedInTab } from './browser';

let cloud: LocalCloud;
let browser: Browser;
const dist = mkdtempSync(join(tmpdir(), 'escrow-web-'));
const person = newTestUser('chidi');
person.fullName = 'Chidi Okafor';

beforeAll(async () => {
  // The app as it is now, built the way a deploy builds it.
  await buildWebApp(dist);
  cloud = await startLocalCloud({ webDist: dist });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await cloud?.stop();
  rmSync(dist, { recursive: true, force: true });
});

async function signIn(page: Page) {
  await page.goto(`${cloud.appUrl}/login`);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

it('a person signs up, confirms from the mailbox, signs in, registers a second device and is welcomed by name', async () => {
  const laptop = await (await browser.newContext(firstMachine)).newPage();

  // Sign up.
  await laptop.goto(`${cloud.appUrl}/signup`);
  await laptop.getByLabel('Full Name').fill(person.fullName);
  await laptop.getByLabel('Email').fill(person.email);
  await laptop.getByLabel('Password', { exact: true }).fill(person.password);
  await laptop.getByLabel('Confirm Password').fill(person.password);
  await laptop.getByLabel('Phone Number').fill('+234 801 234 5678');
  await laptop.getByLabel('Security Question').selectOption(person.question);
  await laptop.getByLabel('Security Answer').fill(person.answer);
  await screenshot(laptop, '01-signup');
  await laptop.getByRole('button', { name: 'Sign Up' }).click();
  await laptop.getByText('Check your email for the confirmation link').waitFor();
  await laptop.waitForURL(`${cloud.appUrl}/login`, { timeout: browserPatience });

  // Confirm from the mailbox.
  const confirmation = linkIn(await waitForEmail(cloud, person.email, /Confirm your email/));
  await laptop.goto(confirmation.toString());
  await laptop.getByLabel('Password', { exact: true }).fill(person.password);
  await laptop.getByRole('button', { name: 'Confirm Email' }).click();
  await laptop.getByText('Your email has been confirmed').waitFor();
  await screenshot(laptop, '02-confirm-email');
  // On to Login, the confirmed address filled in.
  await laptop.waitForURL((url) => url.pathname === '/login', { timeout: browserPatience });
  expect(await laptop.getByLabel('Email').inputValue()).toBe(person.email);

  // Sign in on the sign-up device: straight to the dashboard.
  await screenshot(laptop, '03-login');
  await signIn(laptop);
  await laptop.waitForURL(`${cloud.appUrl}/dashboard`);
  await laptop.getByRole('heading', { name: `Welcome, ${person.fullName}` }).waitFor();
  await screenshot(laptop, '04-dashboard');

  // A second machine is a new device: question, then the emailed code.
  const phone = await (await browser.newContext(secondMachine)).newPage();
  await signIn(phone);
  await phone.waitForURL(`${cloud.appUrl}/register-device`);
  await phone.getByText(person.question).waitFor();
  await screenshot(phone, '05-register-device-question');
  await phone.getByLabel('Your Answer').fill('not my answer');
  await phone.getByRole('button', { name: 'Submit Answer' }).click();
  await phone.getByText('Incorrect security answer. Please try again.').waitFor();
  await phone.getByLabel('Your Answer').fill(person.answer);
  await phone.getByRole('button', { name: 'Submit Answer' }).click();
  await phone.getByText('Correct answer. An OTP has been sent to your email.').waitFor();
  const code = sixDigitCode(await waitForEmail(cloud, person.email, /verification code/));
  const otpBox = phone.getByLabel(`Enter the 6-digit code sent to ${person.email}`);
  await otpBox.fill(code);
  await screenshot(phone, '06-register-device-otp');
  await phone.getByRole('button', { name: 'Verify OTP' }).click();
  await phone.getByRole('dialog', { name: 'Device Registered' }).waitFor();
  await screenshot(phone, '07-device-registered');

  // Back to login, and this time the phone is trusted.
  await phone.getByRole('button', { name: 'Go to Login' }).click();
  await phone.waitForURL(`${cloud.appUrl}/login`);
  await signIn(phone);
  await phone.waitForURL(`${cloud.appUrl}/dashboard`);
  await phone.getByRole('heading', { name: `Welcome, ${person.fullName}` }).waitFor();
  await screenshot(phone, '08-dashboard-second-device');

  // Both devices are now trusted for the account.
  const devices = await phone.evaluate(async (apiUrl) => {
    const key = Object.keys(sessionStorage).find((k) => k.endsWith('.idToken'));
    const token = key ? sessionStorage.getItem(key) : '';
    const response = await fetch(`${apiUrl}/devices`, { headers: { authorization: `Bearer ${token}` } });
    return (await response.json()).devices as Array<{ device_name: string }>;
  }, cloud.apiUrl);
  expect(devices).toHaveLength(2);
  expect(devices.map((d) => d.device_name).sort()).toEqual(['iPhone', 'Linux PC'].sort());
});

it('sends a signed-out visitor of /dashboard to /login, and shows Page Not Found for unknown paths', async () => {
  const page = await (await browser.newContext(firstMachine)).newPage();
  await page.goto(`${cloud.appUrl}/dashboard`);
  await page.waitForURL(`${cloud.appUrl}/login`);
  await page.goto(`${cloud.appUrl}/no-such-page`);
  await page.getByText('Page Not Found').waitFor();
  await screenshot(page, '09-not-found');
});

it("lets a person reset the password a stranger's wrong answers paused, through the link emailed to them", async () => {
  configureAmplify(cloud.config);
  const owner = await confirmedUser(cloud, 'ngozi');
  const guess = (securityAnswer: string) =>
    fetch(`${cloud.apiUrl}/verify-answer-and-reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: owner.email, securityAnswer }),
    });
  for (let i = 0; i < 6; i += 1) await guess(`guess ${i}`);
  expect((await guess('guess 6')).status).toBe(429);

  const page = await (await browser.newContext(firstMachine)).newPage();
  const unlockLink = linkIn(await waitForEmail(cloud, owner.email, /Continue resetting your MiddleMan password/));
  await page.goto(unlockLink.toString());
  await page.getByText('Your link lets you answer your security question again now').waitFor();
  // The proof leaves the address bar once read.
  await expect.poll(() => new URL(page.url()).hash, { timeout: browserPatience }).toBe('');
  expect(await page.getByLabel('Email').inputValue()).toBe(owner.email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Security Answer').fill(owner.answer);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await page.getByText(`We have emailed a password reset link to ${owner.email}`).waitFor();
  await screenshot(page, '10-reset-unlocked');
  await waitForEmail(cloud, owner.email, /Reset your MiddleMan password/);
});

it('keeps a person signed in on a phone after a wrong security answer while setting a PIN, and says so where it was typed', async () => {
  configureAmplify(cloud.config);
  const owner = await confirmedUser(cloud, 'amaka');
  const phone = await signedInTab(browser, cloud.appUrl, owner, secondMachine);
  await phone.goto(`${cloud.appUrl}/reset-pin`);
  const form = phone.locator('form').filter({ has: phone.getByLabel('Security answer') });
  await phone.getByLabel('Security answer').fill('not my answer');
  await phone.getByRole('button', { name: 'Send Code' }).click();
  await form.getByText('Incorrect security answer.').waitFor();
  await screenshot(phone, '11-reset-pin-wrong-answer');
  // Still on the page, still signed in: nothing sent them to Login, and a signed-in page still opens.
  expect(new URL(phone.url()).pathname).toBe('/reset-pin');
  await phone.goto(`${cloud.appUrl}/my-account`);
  await phone.getByRole('heading', { name: 'My Account' }).waitFor();
  expect(new URL(phone.url()).pathname).toBe('/my-account');
  // The right answer goes on to the emailed code.
  await phone.goto(`${cloud.appUrl}/reset-pin`);
  await phone.getByLabel('Security answer').fill(owner.answer);
  await phone.getByRole('button', { name: 'Send Code' }).click();
  await phone.getByLabel('6-digit code').waitFor();
  await waitForEmail(cloud, owner.email, /payment PIN code/);
  await phone.context().close();
});
