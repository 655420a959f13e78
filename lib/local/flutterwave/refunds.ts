import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { parseAmount, toTwoDecimalString } from '../../../lambdas/core/domain/money';
import { readBody, sendJson } from '../http-util';
import { covers } from './balances';
import { providerReference } from './context';
import { pageOf, readListQuery } from './listing';
import type { SandboxStore, SandboxTransaction, SandboxWebhookState } from './store';
import type { SandboxFaults, WebhookSender } from './webhooks';
import { errorJson, refundJson, refundListJson } from './wire';

/** A payment method as the sandbox's transactions record it. */
export type SandboxPaymentType = SandboxTransaction['paymentType'];

/** A refund made through `POST /v3/transactions/{id}/refund`; amounts in minor units. */
export interface SandboxRefund {
  id: number;
  transactionId: number;
  /** The provider's reference of the refund, as v3 writes it: `URF_...`. */
  flwRef: string;
  amountMinor: number;
  currency: string;
  comments: string;
  status: 'pending' | 'completed' | 'failed';
  createdAt: string;
  /** Decided failed (the failRefunds switch was on when it was made). */
  forceFail?: boolean;
  webhook: SandboxWebhookState;
}

/** The sandbox's refusal of a refund the wallet cannot cover. */
export const insufficientFundsMessage = 'Insufficient funds in customer wallet';

/** How long a refund takes to be decided unless the sandbox is told otherwise. */
export const defaultRefundDecideMs = 1_500;

/** v3's list answers 20 refunds a page (its documented page_size), newest first. */
const refundsPerPage = 20;

interface SandboxRefundsOptions {
  store: SandboxStore;
  webhooks: WebhookSender;
  faults: SandboxFaults;
  /** pending -> completed or failed after this long. */
  decideAfterMs: number;
  /** Payment types whose transactions the provider will not refund. */
  nonRefundablePaymentTypes: readonly SandboxPaymentType[];
}

/** A JSON answer: HTTP status and body. */
interface ApiReply {
  status: number;
  body: unknown;
}

const ok = (message: string, data: unknown): ApiReply => ({ status: 200, body: { status: 'success', message, data } });
const refuse = (message: string, status = 400): ApiReply => ({ status, body: errorJson(message) });

/**
 * Refunds and their clock: each refund is answered pending, is decided completed (or failed, while
 * `faults.failRefunds` was on when it was made) after `decideAfterMs`, and then sends its signed
 * `refund.completed` webhook through the same sender and faults as the others. Refunds of one
 * transaction never add up to more than its amount (failed ones give theirs back). Stored as they
 * change, so a restarted sandbox decides the ones it had not finished (resume).
 */
export class SandboxRefunds {
  private readonly timers = new Set<NodeJS.Timeout>();
  private nonRefundable: Set<SandboxPaymentType>;
  private stopped = false;

  constructor(private readonly options: SandboxRefundsOptions) {
    this.nonRefundable = new Set(options.nonRefundablePaymentTypes);
  }

  /** From now on, transactions paid with these types are refused a refund (replaces the previous list). */
  setNonRefundablePaymentTypes(types: readonly SandboxPaymentType[]): void {
    this.nonRefundable = new Set(types);
  }

  /** What is still refundable on a transaction: its amount less every refund that has not failed. */
  remainingMinor(tx: SandboxTransaction): number {
    const taken = this.options.store
      .refundsOf(tx.id)
      .filter((r) => r.status !== 'failed')
      .reduce((sum, r) => sum + r.amountMinor, 0);
    return tx.amountMinor - taken;
  }

  /** `POST /v3/transactions/{id}/refund` with `amount` in major units (the rest when omitted). */
  create(transactionId: number, request: { amount?: number | string; comments?: string }): ApiReply {
    const { store, faults } = this.options;
    const tx = store.transaction(transactionId);
    if (!tx) return refuse('No transaction was found for this id');
    if (tx.status !== 'successful') return refuse(`Only a successful transaction can be refunded; this one is ${tx.status}`);
    if (this.nonRefundable.has(tx.paymentType)) return refuse(`Refunds are not supported for ${tx.paymentType} transactions`);
    const remaining = this.remainingMinor(tx);
    if (remaining === 0) return refuse('This transaction has already been fully refunded');
    const amountMinor = request.amount === undefined ? remaining : parseAmount(request.amount);
    if (amountMinor === null || amountMinor === 0) return refuse('amount is invalid');
    if (amountMinor > remaining) {
      const money = (minor: number) => `${tx.currency} ${toTwoDecimalString(minor)}`;
      return refuse(
        `Refund amount ${money(amountMinor)} exceeds the amount left to refund on this transaction (${money(remaining)})`,
      );
    }
    // A refund is taken from the wallet when it is asked for: one the wallet cannot cover is refused
    // and nothing is made. v3 documents no wording for it; the sandbox says it as transfers do.
    if (!covers(store, tx.currency, amountMinor)) return refuse(insufficientFundsMessage);
    const refund: SandboxRefund = {
      id: store.newRefundId(),
      transactionId: tx.id,
      flwRef: providerReference('URF_'),
      amountMinor,
      currency: tx.currency,
      comments: request.comments ?? '',
      status: 'pending',
      createdAt: new Date().toISOString(),
      ...(faults.failRefunds ? { forceFail: true } : {}),
      webhook: { state: 'not_sent', attempts: 0 },
    };
    store.addRefund(refund);
    this.start(refund);
    // The refund is made and will be decided; only the answer is lost on its way back.
    if (faults.refundCreateLostReplies > 0) {
      faults.refundCreateLostReplies -= 1;
      return refuse('Service temporarily unavailable (sandbox fault)', 500);
    }
    return ok('Transaction refund initiated', refundJson(refund));
  }

  /** Restarts the clock of every stored refund not yet decided (after a restart). */
  resume(): void {
    for (const refund of this.options.store.refundsNewestFirst()) if (refund.status === 'pending') this.start(refund);
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private start(refund: SandboxRefund): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (!this.stopped) this.decide(refund);
    }, this.options.decideAfterMs);
    this.timers.add(timer);
  }

  private decide(refund: SandboxRefund): void {
    if (refund.status !== 'pending') return;
    refund.status = refund.forceFail ? 'failed' : 'completed';
    this.options.store.commit();
    void this.options.webhooks.deliverRefund(refund);
  }
}

const refundRequestSchema = z.object({
  amount: z.union([z.number(), z.string()]).optional(),
  comments: z.string().max(500).optional(),
});

/**
 * The refund endpoints under /v3 (the caller has checked the Bearer key): answers and returns
 * true when the request is one of them, false to let the other endpoints have it.
 */
export async function handleRefundApi(
  refunds: SandboxRefunds,
  store: SandboxStore,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<boolean> {
  const method = req.method ?? 'GET';
  const create = /^\/v3\/transactions\/(\d{1,19})\/refund$/.exec(url.pathname);
  const one = /^\/v3\/refunds\/(\d{1,19})$/.exec(url.pathname);
  let reply: ApiReply;
  if (method === 'POST' && create) {
    // An empty body asks for the rest; a body that is not JSON asks for nothing.
    const body = await readJson(req);
    const parsed = refundRequestSchema.safeParse(body === undefined ? {} : body);
    reply = parsed.success
      ? refunds.create(Number(create[1]), parsed.data)
      : refuse(`${parsed.error.issues[0]?.path.join('.') || 'body'} is invalid`);
  } else if (method === 'GET' && one) {
    const refund = store.refund(Number(one[1]));
    reply = refund ? ok('Refund fetched', refundJson(refund)) : refuse('Refund not found', 404);
  } else if (method === 'GET' && url.pathname === '/v3/refunds') {
    reply = listRefunds(store, url.searchParams);
  } else return false;
  if (!res.destroyed) sendJson(res, reply.status, reply.body);
  return true;
}

/**
 * `GET /v3/refunds?page=&status=&from=&to=`, newest first; `from`/`to` are whole Lagos days
 * (listing.ts). v3's other filters (currency, id, flw_ref) are not modelled.
 */
function listRefunds(store: SandboxStore, query: URLSearchParams): ApiReply {
  const list = readListQuery(query);
  if ('refused' in list) return refuse(list.refused);
  const status = query.get('status')?.toLowerCase();
  const rows = store.refundsNewestFirst().filter((r) => (!status || r.status === status) && list.createdWithin(r.createdAt));
  const { pageInfo, rows: shown } = pageOf(rows, list.page, refundsPerPage);
  return {
    status: 200,
    body: {
      status: 'success',
      message: 'Refunds fetched',
      meta: { page_info: { ...pageInfo, page_size: refundsPerPage } },
      data: shown.map(refundListJson),
    },
  };
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const text = (await readBody(req, 64 * 1024)).toString('utf8');
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
