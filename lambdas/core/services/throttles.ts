/** Attempt limits (domain/throttle-rules.ts), counted per key in the table. */
export { countAttempt, refundAttempt } from '../entities/throttle';
