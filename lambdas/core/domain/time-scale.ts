/**
 * Business time, compressed for trying the product locally: `npm start` with ESCROW_TIME_SCALE=0.0001
 * runs the escrow workflow's windows (7 days to fund, 20 days to be satisfied...) and every deadline
 * the product shows 10,000 times faster. The state machine's timers and the deadlines the functions
 * compute must use the same factor, or the product would show a deadline its workflow ignores; so
 * both scale through {@link scaledMs}. In AWS the factor is always 1 (CDK never sets the variable).
 */

// A plain decimal, optionally with an exponent: not '', 'Infinity', '0x10' or '1_000', which Number() reads.
const decimal = /^(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

/**
 * The time scale written in `text` (the variable's value): a positive number, 1 when unset or empty.
 * Throws an Error whose one-line message names `variable` for anything else (0, negative, not a number).
 */
export function parseTimeScale(text: string | undefined, variable: string): number {
  if (text === undefined || text.trim() === '') return 1;
  const factor = decimal.test(text.trim()) ? Number(text) : Number.NaN;
  if (!(Number.isFinite(factor) && factor > 0)) {
    throw new Error(`${variable} must be a positive number such as 0.0001 (1 = real time), not '${text}'`);
  }
  return factor;
}

/**
 * A business duration as the product counts it under the time scale `factor`: `ms` times `factor`,
 * rounded to a whole millisecond. A positive duration never rounds down to 0 (at least 1 ms), so a
 * window always ends after it starts, and a timer of 0 never means "none" to the interpreter; 0 stays 0.
 * Use it for every deadline computed in code, e.g. `new Date(now + scaledMs(days * dayMs, timeScale()))`.
 */
export function scaledMs(ms: number, factor: number): number {
  if (ms <= 0) return ms;
  return Math.max(1, Math.round(ms * factor));
}

/** {@link scaledMs} for a duration in seconds (an ASL timer): the result has millisecond precision. */
export function scaledSeconds(seconds: number, factor: number): number {
  return scaledMs(seconds * 1000, factor) / 1000;
}
