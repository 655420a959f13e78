/** Attempt limits (domain/throttle-rules.ts), counted per key in the table. */
export { countAttempt, countFailures, refundAttempt } from '../entities/throttle';
