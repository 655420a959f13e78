/**
 * `npm run bench -- realtime`: how long a server write takes to show on a page open in Chromium
 * (../shared/ARCHITECTURE.md, performance: p95 <= 500 ms locally). The web app as a deploy builds
 * it, served by the local cloud; a seller signed in in two tabs, each subscribed to their channel:
 * - the dashboard, whose notifications panel reloads when the channel announces a notification
 *   (web/src/features/notifications/use-notifications.ts). The write: a buyer rejects one of the
 *   seller's offers (`POST /reject-contract`), which notifies the seller. (Not "the seller makes
 *   the buyer an offer": a buyer is told of at most 5 an hour from one seller, on purpose.)
 * - the page of a pending contract, which asks for it again when the channel announces a change of
 *   it (web/src/features/contracts/use-live-contract.ts). The write: the seller edits its title
 *   (`PATCH /contracts/{id}`), as from another device.
 * One write at a time, `BENCH_REALTIME_EVENTS` (100) of each kind, interleaved. Each is timed from
 * just before the API request to the moment the page's DOM holds the new text (a MutationObserver
 * in the page), both on the wall clock in ms. The page also stamps each frame its realtime socket
 * receives, which splits the figure: write -> frame at the page (the handler's commit, the publish,
 * the socket) and frame -> DOM (the page asks the API again and renders). A write not shown within
 * `timeoutMs` is counted as a miss, not thrown. Figures are printed next to the budget, never asserted.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { type LocalCloud, startLocalCloud } from '../lib/local/index';
import { configureAmplify } from '../test/support/amplify';
import { signedInTab, subscribed } from '../test/support/browser-tab';
import { apiOrThrow } from '../test/support/http';
import { type SignedInPerson, signedInPerson } from '../test/support/identity';
import { paths } from '../web/src/config/paths';
import { buildWeb } from './build-web';
import { chromiumArgs, chromiumPath } from './programs';

const events = Number(process.env.BENCH_REALTIME_EVENTS ?? 100);
const timeoutMs = 10_000;
const budgetP95Ms = 500;

/** The wall clock in ms, as the page reads it too (`performance.timeOrigin + performance.now()`). */
const wallClock = () => performance.timeOrigin + performance.now();

/** What the bench leaves on the page's window: the frames its socket received, and the current wait. */
interface BenchWindow {
  __benchFrames: { at: number; data: string }[];
  __benchShown: Promise<number>;
}

interface Sample {
  kind: 'notification' | 'edit';
  /** Just before the API request. */
  wrote: number;
  /** The API's answer received. */
  answered: number;
  /** The page's socket received the event's frame (undefined: never, within the timeout). */
  frame?: number;
  /** The page's DOM held the new text (undefined: not within the timeout). */
  shown?: number;
}

/**
 * Records, from the page's first script on, when each `data` frame reaches its realtime socket:
 * a listener added as the socket is made, so it runs before the app's own handler.
 */
function recordFrames() {
  const frames: BenchWindow['__benchFrames'] = [];
  (window as unknown as BenchWindow).__benchFrames = frames;
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      this.addEventListener('message', (event) => {
        const at = performance.timeOrigin + performance.now();
        const data = String(event.data);
        if (data.includes('"type":"data"')) frames.push({ at, data });
      });
    }
  };
}

/**
 * Starts watching the page's DOM for `marker`; `__benchShown` resolves with when it appeared. (No
 * named function inside: tsx would wrap it in a helper the page does not have.)
 */
function watchFor(marker: string) {
  (window as unknown as BenchWindow).__benchShown = new Promise((resolve) => {
    if (document.body.textContent?.includes(marker)) return resolve(performance.timeOrigin + performance.now());
    const observer = new MutationObserver(() => {
      if (!document.body.textContent?.includes(marker)) return;
      observer.disconnect();
      resolve(performance.timeOrigin + performance.now());
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

/** When the watched text appeared, or null if not within `ms`. */
function shownWithin(ms: number) {
  return Promise.race([
    (window as unknown as BenchWindow).__benchShown,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), ms)),
  ]);
}

/** The frames received since the last call. */
function takeFrames() {
  return (window as unknown as BenchWindow).__benchFrames.splice(0);
}

/** `person` signed in in a tab of their own, recording its socket's frames, opened on `path` and subscribed to their channel. */
async function openTab(
  browser: Browser,
  cloud: LocalCloud,
  person: SignedInPerson,
  path: string,
  ready: (page: Page) => Promise<unknown>,
) {
  // The realtime stand-in's certificate is its own (docs/local-cloud.md): trusted here as a person accepts it once.
  const page = await signedInTab(browser, cloud.appUrl, person.user, {
    viewport: { width: 1280, height: 800 },
    ignoreHTTPSErrors: true,
  });
  await page.addInitScript(recordFrames);
  const listening = subscribed(page);
  await page.goto(`${cloud.appUrl}${path}`);
  await ready(page);
  await listening;
  return page;
}

/**
 * One write, timed: `marker` watched for on `page`, `write` sent, then the wait for the page to
 * show it; `isItsFrame` picks out the event's frame among those the page received meanwhile.
 */
async function timed(
  kind: Sample['kind'],
  page: Page,
  marker: string,
  write: () => Promise<unknown>,
  isItsFrame: (frame: string) => boolean,
): Promise<Sample> {
  await page.evaluate(takeFrames);
  await page.evaluate(watchFor, marker);
  const wrote = wallClock();
  await write();
  const answered = wallClock();
  const shown = (await page.evaluate(shownWithin, Math.max(0, wrote + timeoutMs - wallClock()))) ?? undefined;
  const frame = (await page.evaluate(takeFrames)).find((f) => f.at >= wrote && isItsFrame(f.data))?.at;
  return { kind, wrote, answered, frame, shown };
}

/** How many offers one seller may make one buyer an hour (domain/throttle-rules.ts `contractsForPerson`). */
const offersPerBuyer = 50;

export async function benchRealtime(): Promise<void> {
  const dist = mkdtempSync(join(tmpdir(), 'escrow-bench-realtime-'));
  let cloud: LocalCloud | undefined;
  let browser: Browser | undefined;
  try {
    await buildWeb({ outDir: dist, logLevel: 'error' });
    cloud = await startLocalCloud({ webDist: dist });
    configureAmplify(cloud.config);
    const ok = apiOrThrow(cloud);
    const seller = await signedInPerson(cloud, 'seller');
    // The contract the seller edits is the first offer (n = 0), then the rejected ones: at most `offersPerBuyer` a buyer.
    const buyers: SignedInPerson[] = [];
    for (let i = 0; i <= Math.floor(events / offersPerBuyer); i++) buyers.push(await signedInPerson(cloud, `buyer${i + 1}`));
    const buyerOf = (n: number) => buyers[Math.floor(n / offersPerBuyer)] as SignedInPerson;
    const terms = { description: 'Three tiers, delivered Saturday', value: '85000', currency: 'NGN' };
    const offer = (buyer: SignedInPerson, title: string) =>
      ok<{ id: string }>(seller, 'POST', '/create-contract', { acceptorId: buyer.sub, title, ...terms });
    // The contract the seller edits, and the offers the buyers reject, made before any page opens.
    const { id: contractId } = await offer(buyerOf(0), 'Wedding cake');
    const offers: { buyer: SignedInPerson; id: string; title: string }[] = [];
    for (let i = 1; i <= events; i++) {
      const buyer = buyerOf(i);
      const title = `Bench offer ${String(i).padStart(3, '0')}`;
      offers.push({ buyer, title, ...(await offer(buyer, title)) });
    }

    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
    const dashboard = await openTab(browser, cloud, seller, paths.dashboard.getHref(), (page) =>
      page.getByRole('heading', { name: 'Notifications' }).first().waitFor(),
    );
    const contractPage = await openTab(browser, cloud, seller, paths.myContractDetails.getHref(contractId), (page) =>
      page.getByText('Wedding cake').first().waitFor(),
    );

    const samples: Sample[] = [];
    for (const [i, { buyer, id, title }] of offers.entries()) {
      samples.push(
        await timed(
          'notification',
          dashboard,
          `rejected "${title}".`,
          () => ok(buyer, 'POST', '/reject-contract', { contractId: id }),
          (frame) => frame.includes('notification') && frame.includes(id),
        ),
      );
      const edited = `Bench edit ${String(i + 1).padStart(3, '0')}`;
      samples.push(
        await timed(
          'edit',
          contractPage,
          edited,
          () => ok(seller, 'PATCH', `/contracts/${contractId}`, { title: edited, ...terms }),
          (frame) => frame.includes(contractId),
        ),
      );
    }
    report(samples);
  } finally {
    await browser?.close();
    await cloud?.stop();
    rmSync(dist, { recursive: true, force: true });
  }
}

/** The nearest-rank percentile `p` (0-100) of `xs`. */
function percentile(xs: number[], p: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

const ms = (x: number) =>
  Number.isNaN(x) ? '-' : x === Number.POSITIVE_INFINITY ? `> ${timeoutMs / 1000} s` : `${x.toFixed(0)} ms`;
const spread = (xs: number[]) => `p50 ${ms(percentile(xs, 50))}, p95 ${ms(percentile(xs, 95))}, max ${ms(Math.max(...xs))}`;

function report(samples: Sample[]): void {
  const kinds: [string, Sample[]][] = [
    [
      "notification: a buyer rejects an offer (POST /reject-contract) -> the seller's dashboard",
      samples.filter((s) => s.kind === 'notification'),
    ],
    ["contract edit: PATCH /contracts/{id} -> the seller's contract page", samples.filter((s) => s.kind === 'edit')],
    ['all', samples],
  ];
  console.log(
    `\nRealtime: a server write to an open page's update (Chromium, local cloud), ${events} of each kind, one at a time\n`,
  );
  for (const [name, of] of kinds) {
    // A write never shown counts as over any bound: past the timeout.
    const total = of.map((s) => (s.shown === undefined ? Number.POSITIVE_INFINITY : s.shown - s.wrote));
    const missed = of.filter((s) => s.shown === undefined).length;
    const met = percentile(total, 95) <= budgetP95Ms;
    console.log(`  ${name}`);
    console.log(
      `    write -> DOM updated   ${of.length} events, ${spread(total)}, never shown within ${timeoutMs / 1000} s: ${missed}   budget p95 <= ${budgetP95Ms} ms: ${met ? 'met' : 'NOT MET'}`,
    );
    const withFrame = of.filter((s) => s.frame !== undefined);
    console.log(
      `    write -> frame at the page (API handler, commit, publish, socket)   ${spread(withFrame.map((s) => (s.frame ?? 0) - s.wrote))}; no frame: ${of.length - withFrame.length}`,
    );
    const both = withFrame.filter((s) => s.shown !== undefined);
    console.log(
      `    frame -> DOM updated (the page asks the API again and renders)      ${spread(both.map((s) => (s.shown ?? 0) - (s.frame ?? 0)))}`,
    );
    console.log(`    write -> API answered   ${spread(of.map((s) => s.answered - s.wrote))}`);
  }
  console.log('');
}
