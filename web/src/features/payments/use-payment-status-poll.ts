import type { PaymentStatusResponse } from '@escrow/api/payments';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { ApiError, failureMessage } from '../../lib/api';
import { useKeepAwake } from '../../lib/keep-awake';
import { onRealtimeEvent } from '../../lib/realtime';
import { getPaymentStatus } from './api';
import { paymentPageMessages, paymentPolling } from './messages';

type Settled = Exclude<PaymentStatusResponse['status'], 'pending'>;

/** Where a settled payment sends the payer. */
export function outcomeHref(status: Settled, contractId: string, txRef: string): string {
  if (status === 'successful') return paths.paymentSuccess.getHref(contractId, txRef);
  if (status === 'cancelled') return paths.paymentCancelled.getHref(contractId);
  return paths.paymentFailed.getHref(contractId, status === 'refunding');
}

/**
 * Worth asking again: the service or the provider is down or busy (5xx, 408, 429), the network
 * failed or the reply was unreadable. Any other refusal (signed out, not your payment) will not
 * change by asking again.
 */
function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status >= 500 || error.status === 408 || error.status === 429;
}

export interface PaymentStatusPoll {
  /** The poll gave up after `maxAttempts` checks without a settled status. */
  exhausted: boolean;
  /** What to tell the payer about the last check, if it failed. */
  error: string | null;
}

export interface PaymentStatusPollOptions {
  /** The payment to watch; nothing is polled without one. */
  txRef: string | undefined;
  /** @default unlimited */
  maxAttempts?: number;
  /** Check at once rather than one interval after start (the provider has just sent the payer back). @default false */
  checkImmediately?: boolean;
}

/**
 * Checks the payment's status every 5 seconds (spec §9), and at once when the server announces a
 * change of one of the person's contracts (realtime), one check at a time, and opens the outcome
 * page once it is settled: success, failed or cancelled. The contract id is the server's,
 * not the address bar's. While it watches, the person counts as present: a bank transfer takes
 * minutes with nothing to click, and the inactivity sign-out must not end the checkout.
 */
export function usePaymentStatusPoll({
  txRef,
  maxAttempts,
  checkImmediately = false,
}: PaymentStatusPollOptions): PaymentStatusPoll {
  const navigate = useNavigate();
  const [exhausted, setExhausted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [watching, setWatching] = useState(false);
  useKeepAwake(watching);

  useEffect(() => {
    if (!txRef) return;
    let active = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempts = 0;
    setExhausted(false);
    setError(null);
    setWatching(true);

    // One check at a time; none after the poll ended (settled, refused, or out of attempts).
    let checking = false;
    let ended = false;
    const end = () => {
      ended = true;
      setWatching(false);
    };
    async function check(reference: string) {
      checking = true;
      attempts += 1;
      try {
        const reply = await getPaymentStatus(reference).finally(() => {
          checking = false;
        });
        if (!active) return;
        setError(null);
        if (reply.status !== 'pending') {
          end();
          navigate(outcomeHref(reply.status, reply.contractId, reference), { replace: true });
          return;
        }
      } catch (failure) {
        if (!active) return;
        if (!isTransient(failure)) {
          end();
          setError(failureMessage(failure, paymentPageMessages.verificationUnavailable));
          return;
        }
        setError(paymentPageMessages.verificationUnavailable);
      }
      if (maxAttempts !== undefined && attempts >= maxAttempts) {
        end();
        setExhausted(true);
        return;
      }
      timer = setTimeout(() => void check(reference), paymentPolling.intervalMs);
    }

    if (checkImmediately) void check(txRef);
    else timer = setTimeout(() => void check(txRef), paymentPolling.intervalMs);
    // A contract of this person changed (a payment credited): check now rather than at the next tick.
    const stopListening = onRealtimeEvent((event) => {
      if (event.type !== 'contract' || checking || ended || !active) return;
      clearTimeout(timer);
      void check(txRef);
    });
    return () => {
      active = false;
      clearTimeout(timer);
      stopListening();
      setWatching(false);
    };
  }, [txRef, maxAttempts, checkImmediately, navigate]);

  return { exhausted, error };
}
