import { createServer, type Server } from 'node:http';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { close, listen } from '../../lib/local/http-util';
import { firstMachine, launchChromium, takeCspViolations } from './browser';

/**
 * The helper's CSP watch, which every browser test relies on to fail on a violation, itself: a
 * page under `script-src 'self'` with an inline script and a frame from elsewhere is reported,
 * the same page without them is not.
 */
let browser: Browser;
let server: Server;
let origin: string;

const policy = "default-src 'self'; script-src 'self'; frame-src 'none'";
const pages: Record<string, string> = {
  '/clean': '<!doctype html><title>clean</title><script src="/app.js"></script>',
  '/inline': '<!doctype html><title>inline</title><script>document.title = "ran"</script>',
  '/frame': '<!doctype html><title>frame</title><iframe src="https://frames.invalid/"></iframe>',
};

beforeAll(async () => {
  server = createServer((req, res) => {
    const page = pages[req.url ?? ''];
    if (req.url === '/app.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end('document.title = "app"');
    else if (page) res.writeHead(200, { 'content-type': 'text/html', 'content-security-policy': policy }).end(page);
    else res.writeHead(404).end();
  });
  origin = `http://127.0.0.1:${await listen(server, 0)}`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  if (server) await close(server);
});

/** The violations `path` reports once loaded (the watch's reports arrive a moment after). */
async function violationsOf(path: string): Promise<string[]> {
  const page = await (await browser.newContext(firstMachine)).newPage();
  await page.goto(`${origin}${path}`);
  const seen: string[] = [];
  await expect
    .poll(
      () => {
        seen.push(...takeCspViolations());
        return seen.length;
      },
      { timeout: 2_000 },
    )
    .toBeGreaterThan(0)
    .catch(() => undefined);
  await page.context().close();
  return seen;
}

it('reports nothing for a page that keeps to the policy (the baseline)', async () => {
  expect(await violationsOf('/clean')).toEqual([]);
});

it('reports an inline script the policy refuses', async () => {
  const seen = await violationsOf('/inline');
  expect(
    seen.some((v) => v.includes('script-src-elem refused inline')),
    seen.join('\n'),
  ).toBe(true);
  expect(
    seen.some((v) => v.includes('Content Security Policy')),
    seen.join('\n'),
  ).toBe(true);
});

it('reports a frame the policy refuses', async () => {
  const seen = await violationsOf('/frame');
  expect(
    seen.some((v) => v.includes('frame-src refused https://frames.invalid')),
    seen.join('\n'),
  ).toBe(true);
});
