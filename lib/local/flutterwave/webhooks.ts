import type { SandboxStore, SandboxTransaction } from './store';
import { chargeCompletedEvent } from './wire';

/**
 * What tests can make the sandbox do wrong, the ways the real provider does: late, repeated or
 * lost webhooks, and a verify endpoint that fails or stalls.
 */
export interface SandboxFaults {
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
}

/** No faults: the provider on a good day. */
export function noFaults(): SandboxFaults {
  return { webhookDelayMs: 0, webhookDuplicates: 0, dropWebhooks: false, verifyFailures: 0, verifyHangMs: 0 };
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

/**
 * Posts `charge.completed` webhooks. A delivery never throws and never holds up the page that
 * caused it; its outcome is kept on the transaction, so a failed one can be sent again.
 */
export class WebhookSender {
  private readonly stopping = new AbortController();

  constructor(private readonly options: WebhookSenderOptions) {}

  /** Delivers the transaction's webhook as the faults say; resolves once every copy has been tried. */
  async deliver(tx: SandboxTransaction): Promise<void> {
    const { faults, store, log } = this.options;
    if (faults.dropWebhooks) {
      tx.webhook.state = 'dropped';
      store.commit();
      log(`webhook for transaction ${tx.id} (${tx.txRef}) dropped (fault)`);
      return;
    }
    tx.webhook.state = 'sending';
    store.commit();
    if (faults.webhookDelayMs > 0 && !(await this.sleep(faults.webhookDelayMs))) return;
    const copies = 1 + faults.webhookDuplicates;
    for (let copy = 0; copy < copies && !this.stopping.signal.aborted; copy++) await this.post(tx);
  }

  /** Abandons deliveries in flight (the sandbox is stopping). */
  stop(): void {
    this.stopping.abort();
  }

  private async post(tx: SandboxTransaction): Promise<void> {
    const { store, log, hash } = this.options;
    const url = this.options.url();
    tx.webhook.attempts += 1;
    tx.webhook.lastAttemptAt = new Date().toISOString();
    let failure: string | undefined;
    if (!url) failure = 'no webhook URL is set';
    else {
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'verif-hash': hash },
          body: JSON.stringify(chargeCompletedEvent(tx)),
          signal: AbortSignal.any([this.stopping.signal, AbortSignal.timeout(10_000)]),
        });
        await response.arrayBuffer().catch(() => undefined);
        if (!response.ok) failure = `the receiver answered ${response.status}`;
      } catch (error) {
        if (this.stopping.signal.aborted) return;
        failure = error instanceof Error ? error.message : String(error);
      }
    }
    tx.webhook.state = failure ? 'failed' : 'delivered';
    if (failure) tx.webhook.lastError = failure;
    else delete tx.webhook.lastError;
    store.commit();
    if (failure) log(`webhook for transaction ${tx.id} (${tx.txRef}) not delivered: ${failure}; kept for resend-hook`);
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
