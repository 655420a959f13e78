import { Logger } from '@aws-lambda-powertools/logger';

/**
 * One structured JSON logger. Handlers log ids and outcomes, never request bodies, tokens,
 * passwords, answers or codes; `redact` is the safety net for the keys that must never appear.
 */
export const logger = new Logger({ serviceName: 'escrow' });

const secretKeys = /pass(word)?|token|secret|answer|otp|code|pin|authorization|cookie/i;

/** A copy of a value with every secret-looking key replaced, safe to log. */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, secretKeys.test(k) ? '[redacted]' : redact(v, depth + 1)]));
}
