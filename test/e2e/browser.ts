import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright-core';

/** Debian's Chromium, driven headless (never a downloaded browser). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Two people's machines differ: time zone, language and screen feed the device fingerprint. */
export const firstMachine: BrowserContextOptions = {
  viewport: { width: 1280, height: 800 },
  timezoneId: 'Africa/Lagos',
  locale: 'en-NG',
};
export const secondMachine: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  timezoneId: 'Europe/London',
  locale: 'en-GB',
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
};

const artifacts = join(import.meta.dirname, '..', '..', 'test-results', 'e2e');

/** One screenshot per page visited, kept under test-results/ (not committed). */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: join(artifacts, `${name}.png`), fullPage: true });
}

/**
 * A person signed in on the browser they signed up with (its device id already in local storage,
 * so no new-device questions): the tab they signed in on, which holds the session (sessionStorage).
 */
export async function signedInTab(
  browser: Browser,
  appUrl: string,
  user: { email: string; password: string; deviceId: string },
  machine: BrowserContextOptions,
): Promise<Page> {
  const context = await browser.newContext(machine);
  await context.addInitScript((deviceId) => {
    localStorage.setItem('middleman_device_id', deviceId);
    localStorage.setItem(
      'middleman_device_info',
      JSON.stringify({
        device_id: deviceId,
        device_name: 'Linux PC',
        user_agent: '',
        platform: '',
        screen_resolution: '',
        timezone: '',
        language: '',
      }),
    );
  }, user.deviceId);
  const page = await context.newPage();
  await page.goto(`${appUrl}/login`);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`${appUrl}/dashboard`);
  return page;
}

/** The web app as it is now, built the way a deploy builds it, into `outDir`. */
export async function buildWebApp(outDir: string): Promise<void> {
  const { build } = await import('vite');
  await build({
    configFile: join(import.meta.dirname, '../../web/vite.config.ts'),
    logLevel: 'error',
    build: { outDir, emptyOutDir: true },
  });
}
