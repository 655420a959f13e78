import type { Browser, BrowserContextOptions, Page, WebSocket } from 'playwright-core';

/**
 * A signed-in tab of the web app in Chromium and its realtime subscription: what the browser tests
 * (test/e2e/browser.ts) and the realtime bench (scripts/bench-realtime.ts) both open. Nothing of
 * vitest here, so a script can use it too.
 */

/** Resolves once the page's realtime socket has its subscription (the server's subscribe_success); fails after 15 s. */
export function subscribed(page: Page): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the page never subscribed to its realtime channel')), 15_000);
    const watch = (socket: WebSocket) =>
      socket.on('framereceived', ({ payload }) => {
        if (!String(payload).includes('"subscribe_success"')) return;
        clearTimeout(timer);
        page.off('websocket', watch);
        resolve();
      });
    page.on('websocket', watch);
  });
}

/**
 * A person signed in on the browser they signed up with (its device id and the device secret
 * sign-up gave it already in local storage, so no new-device questions): the tab they signed in
 * on, which holds the session (sessionStorage).
 */
export async function signedInTab(
  browser: Browser,
  appUrl: string,
  user: { email: string; password: string; deviceId: string; deviceSecret?: string },
  machine: BrowserContextOptions,
): Promise<Page> {
  const context = await browser.newContext(machine);
  await context.addInitScript(
    ({ deviceId, email, deviceSecret }) => {
      localStorage.setItem('middleman_device_id', deviceId);
      if (deviceSecret) localStorage.setItem('middleman_device_secrets', JSON.stringify({ [email]: deviceSecret }));
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
    },
    { deviceId: user.deviceId, email: user.email.toLowerCase(), deviceSecret: user.deviceSecret },
  );
  const page = await context.newPage();
  await page.goto(`${appUrl}/login`);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`${appUrl}/dashboard`);
  return page;
}
