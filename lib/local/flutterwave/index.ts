import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { z } from 'zod';
import { close, createStartingServer, listen, readBody, sendJson } from '../http-util';
import { handleApi, handleTransferResendHook } from './api';
import { balanceMinor } from './balances';
import { type SandboxApiCall, SandboxCallLog } from './calls';
import type { SandboxContext } from './context';
import { handlePayerPage } from './payer';
import { defaultNairaRates, movableRateCurrencies } from './rates';
import { defaultRefundDecideMs, handleRefundApi, type SandboxPaymentType, type SandboxRefund, SandboxRefunds } from './refunds';
import { type SandboxCharge, SandboxStore, type SandboxTransaction, type SandboxTransfer } from './store';
import { defaultTransferDecideMs, failingPayoutAccount, SandboxPayouts } from './transfers';
import { noFaults, type SandboxFaults, WebhookSender } from './webhooks';
import { errorJson } from './wire';

export type {
  SandboxApiCall,
  SandboxCharge,
  SandboxFaults,
  SandboxPaymentType,
  SandboxRefund,
  SandboxTransaction,
  SandboxTransfer,
};
export { defaultNairaRates, failingPayoutAccount };

/** How to run the sandbox. */
export interface FlutterwaveSandboxOptions {
  /** Loopback port; 0 or omitted = a free one. */
  port?: number;
  /** Where charges and transactions persist (flutterwave.json); omitted = in memory (tests). */
  dataDir?: string;
  /** The secret key the API requires as `Authorization: Bearer`. */
  secretKey: string;
  /** The public key `FlutterwaveCheckout` accepts. */
  publicKey: string;
  /** Sent with every webhook as `verif-hash`. */
  webhookHash: string;
  /** Where webhooks go, read at send time; undefined = nowhere yet (the delivery fails and is kept). */
  webhookUrl: () => string | undefined;
  /** Where failed deliveries are reported. @default console.warn */
  log?: (line: string) => void;
  /** How long a transfer takes from NEW to SUCCESSFUL or FAILED (PENDING at half). @default 1500 */
  transferDecideMs?: number;
  /** How long a refund takes from pending to completed or failed. @default 1500 */
  refundDecideMs?: number;
  /** Transactions paid with these types are refused a refund ("not supported"). @default none */
  nonRefundablePaymentTypes?: SandboxPaymentType[];
  /**
   * What a new sandbox's wallets hold before the first payment, in minor units: the float a
   * merchant puts in before launch, which pays the provider's fees that its own fees do not cover
   * (a payment's fee is not given back with its refund; a transfer's fee can pass the platform's
   * 2%). A stored sandbox keeps what it started with. @default ₦1,000,000, and 1,000 in each
   * currency a card can be charged in (defaultFloatMinor)
   */
  openingBalancesMinor?: Record<string, number>;
}

/**
 * The float a new sandbox's wallets start with: ₦1,000,000, far more than a test's fees, and 1,000
 * dollars, euros and pounds: a card payment in another currency than its contract's is refunded in
 * full in its own, and the provider keeps its fee on it, so that wallet must hold a float too.
 */
export const defaultFloatMinor = { NGN: 100_000_000, USD: 100_000, EUR: 100_000, GBP: 100_000 } as const;

/** A running sandbox. */
export interface FlutterwaveSandbox {
  /** The API base, what FLUTTERWAVE_BASE_URL is set to: http://127.0.0.1:<port>/v3 */
  url: string;
  origin: string;
  /** The stand-in for https://checkout.flutterwave.com/v3.js */
  checkoutScriptUrl: string;
  /** The bank page a person sends transfers from. */
  bankUrl: string;
  /** Live: change a field and the next call sees it (also `POST /__faults`). */
  faults: SandboxFaults;
  /** Every transaction so far, oldest first (copies). */
  transactions(): SandboxTransaction[];
  /** Every charge made through the API, oldest first (copies). */
  charges(): SandboxCharge[];
  /** Every transfer attempt (payout), retries included, oldest first (copies). */
  transfers(): SandboxTransfer[];
  /** Every refund, oldest first (copies). */
  refunds(): SandboxRefund[];
  /** The v3 calls made with the secret key, oldest first (copies; also `GET /__calls`). */
  apiCalls(): SandboxApiCall[];
  /** The merchant's wallet in `currency`, in minor units: what `GET /v3/balances/{currency}` answers (balances.ts). */
  balanceMinor(currency: string): number;
  /** The floats the wallets started with, by currency (what the platform's ledger records as its own money put in). */
  openingBalancesMinor(): Record<string, number>;
  /**
   * A fault: the wallet in `currency` holds `minor` now, whatever its records make, and moves with
   * them from there (a transfer or refund it cannot cover is refused). `null`: back to its records.
   */
  setBalanceMinor(currency: string, minor: number | null): void;
  /** While on, refunds made are accepted and then decided failed (the `failRefunds` fault). */
  failRefunds(on: boolean): void;
  /**
   * A fault: `currency` is worth `nairaPerUnit` naira from now on, for quotes and for transfers made
   * (the `nairaRates` fault; reset with the others). `null`: back to the fixed rate (defaultNairaRates).
   */
  setNairaRate(currency: (typeof movableRateCurrencies)[number], nairaPerUnit: number | null): void;
  /** Replaces the payment types whose transactions are refused a refund. */
  setNonRefundablePaymentTypes(types: SandboxPaymentType[]): void;
  stop(): Promise<void>;
}

/** A rate a test can set, in naira per unit: positive, held to a millionth of a naira (rates.ts). */
const nairaRateSchema = z.number().positive().max(1_000_000);

const faultsPatchSchema = z
  .object({
    providerDown: z.boolean(),
    webhookDelayMs: z.number().int().min(0).max(600_000),
    webhookDuplicates: z.number().int().min(0).max(20),
    dropWebhooks: z.boolean(),
    verifyFailures: z.number().int().min(0).max(1_000),
    verifyHangMs: z.number().int().min(0).max(600_000),
    transferCreateFailures: z.number().int().min(0).max(1_000),
    transferCreateLostReplies: z.number().int().min(0).max(1_000),
    transferCreateRefusals: z.number().int().min(0).max(1_000),
    transferFailures: z.number().int().min(0).max(1_000),
    transferWebhookDrops: z.number().int().min(0).max(1_000),
    holdTransfers: z.boolean(),
    failRefunds: z.boolean(),
    refundCreateLostReplies: z.number().int().min(0).max(1_000),
    // Replaces every moved rate at once: `{}` puts the fixed table back.
    nairaRates: z.partialRecord(z.enum(movableRateCurrencies), nairaRateSchema),
    ratesDown: z.boolean(),
  })
  .partial()
  .strict();

/**
 * Flutterwave v3 on the laptop: the endpoints the product calls, under /v3 with the same paths,
 * bodies and answers (Bearer secret key required), pages a person pays on (hosted card checkout
 * behind a v3.js stand-in, an OPay wallet, a bank), `charge.completed` webhooks signed with
 * `verif-hash`, and faults tests can switch on. Loopback only.
 *
 * Payouts: `POST /v3/transfers` to a test account that resolves (Access Bank 044, 0690000031-41)
 * answers NEW; the transfer turns PENDING, then is decided by itself after `transferDecideMs` and
 * sends `transfer.completed`. Every transfer succeeds except a new one to `failingPayoutAccount`
 * (044 / 0690000041), which is decided FAILED; its retry (`POST /v3/transfers/{id}/retries`)
 * succeeds. `GET /v3/transfers` lists them 10 a page, newest first; `POST
 * /__transfers/{id}/resend-hook` (the sandbox's own) sends a decided one's webhook again.
 *
 * The wallet: it starts with a float (`openingBalancesMinor`), grows with payments and shrinks
 * with transfers (and their fees) and refunds. A transfer it cannot cover is queued and fails at
 * once with v3's "DISBURSE FAILED: Insufficient funds in customer wallet"; a refund it cannot cover
 * is refused (400), and nothing is made. `setBalanceMinor` sets it (a fault).
 *
 * Refunds: `POST /v3/transactions/{id}/refund` on a successful transaction answers pending; the
 * refund is decided completed after `refundDecideMs` and sends `refund.completed` (a webhook v3 does
 * not document; the sandbox's is the create answer's shape). Partial refunds add up to the
 * transaction's amount at most; beyond what remains is a 400. `failRefunds(true)` makes new
 * refunds are decided failed; `nonRefundablePaymentTypes` refuses them outright ("not supported").
 * `GET /v3/refunds/{id}` reads one, `GET /v3/refunds` lists them 20 a page, newest first.
 *
 * Currencies: cards are charged in the currency the checkout names (NGN, USD, EUR, GBP, ...); the
 * payment lands in that currency's wallet, and its refund comes out of it. Bank transfer and OPay
 * charges are NGN only. `GET /v3/transfers/rates` quotes what a wallet pays for an amount in another
 * currency at fixed rates (rates.ts: ₦1,500 a dollar, ₦1,620 a euro, ₦1,900 a pound), which
 * `setNairaRate` (the `nairaRates` fault) moves. A transfer names `currency`, what the beneficiary
 * gets (a Nigerian account takes NGN, or USD into a domiciliary account), and `debit_currency`, the
 * wallet that pays (NGN, USD, EUR or GBP): that wallet is debited the converted amount at the rate
 * of the moment it is made, plus the fee in its own currency (transfers.ts `debitFee`). Anything
 * else (JPY, CAD, EUR to a Nigerian account) is refused with a 400 and nothing is made.
 *
 * Reconciliation reads: `GET /v3/transactions` lists transactions 10 a page, newest first, by
 * Lagos day (`from`/`to`, as `GET /v3/refunds` also takes them); `GET /v3/balances/{currency}` and
 * `GET /v3/balances` answer the wallet that the payments, transfers (with their fees) and refunds
 * above add up to (balances.ts).
 *
 * Outage: `faults.providerDown` (also `POST /__faults {"providerDown": true}`) answers every v3 call
 * 503 until it is switched back; `faults.ratesDown` (`{"ratesDown": true}`) answers only
 * `GET /v3/transfers/rates` 503, the rest going on.
 *
 * `GET /__calls` (the sandbox's own) lists the v3 calls made with the secret key, each with the
 * payment reference it was about (calls.ts): what the merchant key's rate limit would count.
 */
export async function startFlutterwaveSandbox(options: FlutterwaveSandboxOptions): Promise<FlutterwaveSandbox> {
  const store = new SandboxStore(
    options.dataDir && join(options.dataDir, 'flutterwave.json'),
    options.openingBalancesMinor ?? defaultFloatMinor,
  );
  const faults = noFaults();
  const log = options.log ?? ((line: string) => console.warn(`[flutterwave sandbox] ${line}`));
  const webhooks = new WebhookSender({ store, faults, hash: options.webhookHash, url: options.webhookUrl, log });
  const payouts = new SandboxPayouts({
    store,
    webhooks,
    faults,
    decideAfterMs: options.transferDecideMs ?? defaultTransferDecideMs,
  });
  const refunds = new SandboxRefunds({
    store,
    webhooks,
    faults,
    decideAfterMs: options.refundDecideMs ?? defaultRefundDecideMs,
    nonRefundablePaymentTypes: options.nonRefundablePaymentTypes ?? [],
  });
  const waiting = new Set<() => void>();
  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        waiting.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      waiting.add(done);
    });

  // Its pages and webhooks name its own origin, so it listens first (answering 503 until `ready`).
  const { server, ready } = createStartingServer();
  const port = await listen(server, options.port ?? 0);
  const origin = `http://127.0.0.1:${port}`;
  const calls = new SandboxCallLog();
  const ctx: SandboxContext = { store, webhooks, payouts, faults, calls, origin, publicKey: options.publicKey, wait };
  // Payouts and refunds the last run left undecided are decided in turn, as the provider's would have been meanwhile.
  payouts.resume();
  refunds.resume();

  ready((req: IncomingMessage, res: ServerResponse) => {
    route(ctx, refunds, options.secretKey, req, res).catch((error: unknown) => {
      log(`${req.method} ${req.url} failed: ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent) sendJson(res, 500, errorJson('Internal sandbox error'));
      else res.destroy();
    });
  });

  return {
    url: `${origin}/v3`,
    origin,
    checkoutScriptUrl: `${origin}/v3.js`,
    bankUrl: `${origin}/bank`,
    faults,
    transactions: () => store.transactions(),
    charges: () => store.charges(),
    transfers: () => store.transfers(),
    refunds: () => store.refunds(),
    apiCalls: () => calls.list(),
    balanceMinor: (currency) => balanceMinor(store, currency),
    openingBalancesMinor: () => store.openingBalances(),
    setBalanceMinor: (currency, minor) => {
      if (minor !== null && !Number.isSafeInteger(minor)) throw new RangeError('A balance is a whole number of minor units');
      store.setBalanceAdjustmentMinor(currency, undefined);
      if (minor !== null) store.setBalanceAdjustmentMinor(currency, minor - balanceMinor(store, currency));
    },
    failRefunds: (on) => {
      faults.failRefunds = on;
    },
    setNairaRate: (currency, nairaPerUnit) => {
      const { [currency]: _moved, ...others } = faults.nairaRates;
      faults.nairaRates = nairaPerUnit === null ? others : { ...others, [currency]: nairaRateSchema.parse(nairaPerUnit) };
    },
    setNonRefundablePaymentTypes: (types) => refunds.setNonRefundablePaymentTypes(types),
    stop: async () => {
      payouts.stop();
      refunds.stop();
      webhooks.stop();
      for (const release of [...waiting]) release();
      await close(server);
    },
  };
}

async function route(
  ctx: SandboxContext,
  refunds: SandboxRefunds,
  secretKey: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const url = new URL(req.url ?? '/', ctx.origin);
  if (url.pathname.startsWith('/v3/')) {
    if (ctx.faults.providerDown) {
      // As a provider behind a load balancer answers while it is down: nothing reaches it, nothing is recorded.
      res.setHeader('retry-after', '60');
      sendJson(res, 503, errorJson('Service Unavailable'));
      return;
    }
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      sendJson(res, 401, errorJson('Invalid authorization key'));
      return;
    }
    const call = ctx.calls.record(req.method ?? 'GET', url);
    res.on('finish', () => {
      call.status = res.statusCode;
    });
    if (await handleRefundApi(refunds, ctx.store, req, res, url)) return;
    await handleApi(ctx, req, res, url, call);
    return;
  }
  if (url.pathname === '/__calls' && req.method === 'GET') {
    sendJson(res, 200, { calls: ctx.calls.list() });
    return;
  }
  if (url.pathname === '/__faults') {
    await faultsEndpoint(ctx, req, res);
    return;
  }
  const transferHook = /^\/__transfers\/(\d{1,19})\/resend-hook$/.exec(url.pathname);
  if (transferHook) {
    await handleTransferResendHook(ctx, req, res, Number(transferHook[1]));
    return;
  }
  if (await handlePayerPage(ctx, req, res, url)) return;
  sendJson(res, 404, errorJson(`Cannot ${req.method} ${url.pathname}`));
}

/**
 * GET reads the faults; POST a JSON subset of them changes those. Loopback-only is not enough: any
 * web page the developer opens can POST here, and as text/plain a browser sends it without asking
 * first (no CORS preflight). So a change must come as JSON, from a script (no Origin) or from the
 * sandbox's own pages; a browser sends JSON to another origin only after a preflight, which this
 * server never grants.
 */
async function faultsEndpoint(ctx: SandboxContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method === 'POST') {
    const origin = req.headers.origin;
    if (origin !== undefined && origin !== ctx.origin) {
      sendJson(res, 403, { error: `Faults are switched by a local script or from the sandbox's own pages (${ctx.origin})` });
      return;
    }
    const mediaType = String(req.headers['content-type'] ?? '')
      .split(';')[0]
      ?.trim()
      .toLowerCase();
    if (mediaType !== 'application/json') {
      sendJson(res, 415, { error: 'Send the faults as JSON (content-type: application/json)' });
      return;
    }
    let body: unknown;
    try {
      body = JSON.parse((await readBody(req, 64 * 1024)).toString('utf8'));
    } catch {
      sendJson(res, 400, { error: 'Body must be JSON' });
      return;
    }
    const patch = faultsPatchSchema.safeParse(body);
    if (!patch.success) {
      sendJson(res, 400, { error: z.prettifyError(patch.error) });
      return;
    }
    Object.assign(ctx.faults, patch.data);
  } else if (req.method !== 'GET') {
    sendJson(res, 405, { error: 'GET or POST' });
    return;
  }
  sendJson(res, 200, ctx.faults);
}
