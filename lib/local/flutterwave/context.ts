import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { SandboxCallLog } from './calls';
import type { SandboxStore, SandboxTransaction } from './store';
import type { SandboxPayouts } from './transfers';
import type { SandboxFaults, WebhookSender } from './webhooks';
import { appFeeMinor } from './wire';

/** What every sandbox handler works with. */
export interface SandboxContext {
  store: SandboxStore;
  webhooks: WebhookSender;
  /** Transfers' clock: when each is decided. */
  payouts: SandboxPayouts;
  faults: SandboxFaults;
  /** The v3 calls made with the secret key (`GET /__calls`). */
  calls: SandboxCallLog;
  /** http://127.0.0.1:<port>: where the pages live. */
  origin: string;
  publicKey: string;
  /** Resolves after `ms`, or at once when the sandbox stops. */
  wait(ms: number): Promise<void>;
}

/** A provider-looking reference: the prefix and a random tail. */
export function providerReference(prefix: string): string {
  return `${prefix}${Date.now()}${randomBytes(3).toString('hex').toUpperCase()}`;
}

/** Sets a transaction's outcome and its fee (a failed payment costs the merchant nothing). */
export function decide(tx: SandboxTransaction, status: 'successful' | 'failed', processorResponse: string): void {
  tx.status = status;
  tx.processorResponse = processorResponse;
  tx.appFeeMinor = status === 'successful' ? appFeeMinor(tx.amountMinor, tx.currency) : 0;
}

/** What a payer page answers: a page, or a redirect back to the merchant. */
export type PageReply = { status: number; html: string } | { redirect: string };

/** An HTML page with its status. */
export function page(status: number, html: string): PageReply {
  return { status, html };
}

/**
 * Sends the payer back to the merchant the way v3 does: `redirect_url` with `status`, `tx_ref`
 * and, when a transaction exists, `transaction_id` added to whatever query it already has.
 */
export function merchantRedirect(
  redirectUrl: string,
  outcome: { status: 'successful' | 'failed' | 'cancelled'; txRef: string; transactionId?: number },
): PageReply {
  const target = new URL(redirectUrl);
  target.searchParams.set('status', outcome.status);
  target.searchParams.set('tx_ref', outcome.txRef);
  if (outcome.transactionId !== undefined) target.searchParams.set('transaction_id', String(outcome.transactionId));
  return { redirect: target.toString() };
}

export function sendPage(res: ServerResponse, reply: PageReply): void {
  if ('redirect' in reply) res.writeHead(303, { location: reply.redirect, 'cache-control': 'no-store' });
  else res.writeHead(reply.status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end('html' in reply ? reply.html : undefined);
}
