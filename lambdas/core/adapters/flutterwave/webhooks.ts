import { timingSafeEqual } from 'node:crypto';
import { getSecret } from '../secrets';

/**
 * The provider's webhooks: whether one is authentic, and which event it carries. Each event's body
 * schema lives with its concern (charges, transfers).
 */
/**
 * True when `received` is exactly the dashboard's secret hash. Constant time for equal lengths;
 * a different length (or nothing, or an unset secret) is simply false.
 */
export function matchesWebhookHash(received: string | undefined, expected: string): boolean {
  if (received === undefined || expected.length === 0) return false;
  const a = Buffer.from(received, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Whether a webhook request came from the provider: its `verif-hash` header (any letter case, as
 * API Gateway or Node hand it over) equals the webhook hash secret. A repeated header is refused.
 */
export async function isAuthenticWebhook(headers: Record<string, string | string[] | undefined>): Promise<boolean> {
  const values = Object.entries(headers)
    .filter(([name]) => name.toLowerCase() === 'verif-hash')
    .flatMap(([, value]) => (value === undefined ? [] : Array.isArray(value) ? value : [value]));
  if (values.length !== 1) return false;
  return matchesWebhookHash(values[0], await getSecret('flutterwaveWebhookHash'));
}

/** A webhook body's `event` ('charge.completed', 'transfer.completed', ...), for dispatch; undefined when it has none. */
export function webhookEvent(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const event = (body as { event?: unknown }).event;
  return typeof event === 'string' && event.length > 0 ? event : undefined;
}
