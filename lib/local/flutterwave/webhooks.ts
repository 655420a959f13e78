import type { SandboxRefund } from './refunds';
import type { SandboxStore, SandboxTransaction, SandboxTransfer, SandboxWebhookState } from './store';
import { chargeCompletedEvent, refundCompletedEvent, transferCompletedEvent } from './wire';

/**
 * What tests can make the sandbox do wrong, the ways the real provider does: an outage, late,
 * repeated or lost webhooks, a verify endpoint that fails or stalls, and payouts and refunds that
 * fail or are made without our hearing of it (payouts also stall).
 */
export interface SandboxFaults {
  /** The provider is down: while true every v3 API call answers 503 and does nothing (its pages, webhooks and deciding go on). */
  providerDown: boolean;
  /** Wait this long before sending each webhook. */
  webhookDelayMs: number;
  /** Extra copies of every webhook (1 = each arrives twice). */
  webhookDuplicates: number;
  /** Send no webhooks at all; the transactions keep state 'dropped' until a resend-hook. */
  dropWebhooks: boolean;
  /** The next N verify calls answer 500. */
  verifyFailures: number;
  /** Verify calls answer only after this delay. */
  verifyHangMs: number;
  /** The next N `POST /transfers` answer 500 and make nothing. */
  transferCreateFailures: number;
  /** The next N `POST /transfers` make the transfer, then answer 500: the provider paid, we never heard. */
  transferCreateLostReplies: number;
  /** The next N `POST /transfers` are refused (400, the wallet cannot cover them) and make nothing. */
  transferCreateRefusals: number;
  /** The next N transfers made (retries included) are decided FAILED whatever the account. */
  transferFailures: number;
  /** The next N `transfer.completed` webhooks are not sent (state 'dropped' until resent). */
  transferWebhookDrops: number;
  /** While true, transfers stop at PENDING; set back to false, the held ones are decided. */
  holdTransfers: boolean;
  /** While true, refunds made are accepted (pending) and then decided failed, with their webhook. */
  failRefunds: boolean;
  /** The next N refund requests make the refund, then answer 500: the payer is refunded, we never heard. */
  refundCreateLostReplies: number;
  /**
   * Exchange rates a test moved, in naira per unit (`{ USD: 1485 }`); a currency left out keeps
   * the sandbox's fixed rate (rates.ts). Read at each quote and each transfer made.
   */
  nairaRates: Partial<Record<'USD' | 'EUR' | 'GBP', number>>;
  /**
   * The rates endpoint is down: while true `GET /v3/transfers/rates` answers 503 "Unable to fetch
   * rates at the moment" (v3's words for a passing failure) and every other call goes on, so no
   * payout in another currency can be converted or confirmed until it is switched back.
   */
  ratesDown: boolean;
}

/** No faults: the provider on a good day. */
export function noFaults(): SandboxFaults {
  return {
    providerDown: false,
    webhookDelayMs: 0,
    webhookDuplicates: 0,
    dropWebhooks: false,
    verifyFailures: 0,
    verifyHangMs: 0,
    transferCreateFailures: 0,
    transferCreateLostReplies: 0,
    transferCreateRefusals: 0,
    transferFailures: 0,
    transferWebhookDrops: 0,
    holdTransfers: false,
    failRefunds: false,
    refundCreateLostReplies: 0,
    nairaRates: {},
    ratesDown: false,
  };
}

interface WebhookSenderOptions {
  store: SandboxStore;
  faults: SandboxFaults;
  /** Sent as `verif-hash`, as the dashboard's secret hash is. */
  hash: string;
  /** Read at send time: the app's webhook route may be bound after the sandbox starts. */
  url: () => string | undefined;
  log: (line: string) => void;
}

/** One webhook to send: where its outcome is kept, how logs name it, and its body (built at send time). */
interface Hook {
  state: SandboxWebhookState;
  label: string;
  body: () => unknown;
}

/**
 * Posts `charge.completed`, `transfer.completed` and `refund.completed` webhooks. A delivery never
 * throws and never holds up the request that caused it; its outcome is kept on the transaction,
 * transfer or refund, so a failed one can be sent again.
 */
export class WebhookSender {
  private readonly stopping = new AbortController();

  constructor(private readonly options: WebhookSenderOptions) {}

  /** Delivers the transaction's webhook as the faults say; resolves once every copy has been tried. */
  deliver(tx: SandboxTransaction): Promise<void> {
    return this.send({
      state: tx.webhook,
      label: `transaction ${tx.id} (${tx.txRef})`,
      body: () => chargeCompletedEvent(tx),
    });
  }

  /** The same for a decided transfer's `transfer.completed`; `transferWebhookDrops` applies too. */
  deliverTransfer(transfer: SandboxTransfer, options: { resend?: boolean } = {}): Promise<void> {
    const hook = {
      state: transfer.webhook,
      label: `transfer ${transfer.id} (${transfer.reference})`,
      body: () => transferCompletedEvent(transfer),
    };
    // A resend is someone asking for the webhook again: the fault was about the first delivery.
    if (!options.resend && this.options.faults.transferWebhookDrops > 0) {
      this.options.faults.transferWebhookDrops -= 1;
      this.drop(hook);
      return Promise.resolve();
    }
    return this.send(hook);
  }

  /** The same for a decided refund's `refund.completed`. */
  deliverRefund(refund: SandboxRefund): Promise<void> {
    return this.send({
      state: refund.webhook,
      label: `refund ${refund.id} (transaction ${refund.transactionId})`,
      body: () => refundCompletedEvent(refund),
    });
  }

  /** Abandons deliveries in flight (the sandbox is stopping). */
  stop(): void {
    this.stopping.abort();
  }

  private async send(hook: Hook): Promise<void> {
    const { faults, store } = this.options;
    if (faults.dropWebhooks) {
      this.drop(hook);
      return;
    }
    hook.state.state = 'sending';
    store.commit();
    if (faults.webhookDelayMs > 0 && !(await this.sleep(faults.webhookDelayMs))) return;
    const copies = 1 + faults.webhookDuplicates;
    for (let copy = 0; copy < copies && !this.stopping.signal.aborted; copy++) await this.post(hook);
  }

  private drop(hook: Hook): void {
    hook.state.state = 'dropped';
    this.options.store.commit();
    this.options.log(`webhook for ${hook.label} dropped (fault)`);
  }

  private async post(hook: Hook): Promise<void> {
    const { store, log, hash } = this.options;
    const url = this.options.url();
    const state = hook.state;
    state.attempts += 1;
    state.lastAttemptAt = new Date().toISOString();
    let failure: string | undefined;
    if (!url) failure = 'no webhook URL is set';
    else {
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'verif-hash': hash },
          body: JSON.stringify(hook.body()),
          signal: AbortSignal.any([this.stopping.signal, AbortSignal.timeout(10_000)]),
        });
        await response.arrayBuffer().catch(() => undefined);
        if (!response.ok) failure = `the receiver answered ${response.status}`;
      } catch (error) {
        if (this.stopping.signal.aborted) return;
        failure = error instanceof Error ? error.message : String(error);
      }
    }
    state.state = failure ? 'failed' : 'delivered';
    if (failure) state.lastError = failure;
    else delete state.lastError;
    store.commit();
    if (failure) log(`webhook for ${hook.label} not delivered: ${failure}; kept for resend-hook`);
  }

  /** False when the sandbox stopped while waiting. */
  private sleep(ms: number): Promise<boolean> {
    const signal = this.stopping.signal;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        signal.removeEventListener('abort', onAbort);
        resolve(true);
      }, ms);
      const onAbort = () => {
        clearTimeout(timer);
        resolve(false);
      };
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }
}
