/** Attempt limits (domain/throttle-rules.ts), counted per key in the table. */
export { countAttempt, countFailures, countIfWithin, refundAttempt } from '../entities/throttle';
