import { forgetScript, loadScriptOnce } from '../../lib/load-script';
import { paymentPolling } from './messages';

/** What the card provider's hosted checkout widget (`v3.js`) takes (spec §7 "Other"). */
export interface CardCheckoutOptions {
  public_key: string;
  tx_ref: string;
  /** In major units: the widget's own convention. */
  amount: number;
  currency: string;
  payment_options: 'card';
  redirect_url: string;
  customer: { email: string; name: string };
  customizations: { title: string };
}

declare global {
  interface Window {
    FlutterwaveCheckout?: (options: CardCheckoutOptions) => unknown;
  }
}

export class CheckoutNotReadyError extends Error {
  constructor(cause?: unknown) {
    super('The card checkout widget is not available', { cause });
    this.name = 'CheckoutNotReadyError';
  }
}

/** The widget's script, loaded once, within the time a person waits for it. */
function loadCheckoutScript(scriptUrl: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new CheckoutNotReadyError('timed out')), paymentPolling.checkoutScriptTimeoutMs);
    loadScriptOnce(scriptUrl, () => Boolean(window.FlutterwaveCheckout)).then(
      () => {
        clearTimeout(timer);
        resolve();
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new CheckoutNotReadyError(error));
      },
    );
  });
}

/** Loads the widget if needed and opens it; throws CheckoutNotReadyError when it cannot. */
export async function openCardCheckout(scriptUrl: string, options: CardCheckoutOptions): Promise<void> {
  await loadCheckoutScript(scriptUrl);
  const checkout = window.FlutterwaveCheckout;
  if (!checkout) {
    // Loaded, but no widget: a later try may load it again.
    forgetScript(scriptUrl);
    throw new CheckoutNotReadyError('FlutterwaveCheckout is missing');
  }
  checkout(options);
}
