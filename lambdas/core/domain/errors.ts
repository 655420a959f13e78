/**
 * The `code` a refusal carries beside its `error` when a client acts on which refusal it is, not
 * only shows it: words change, a code does not. `rate_moved`: the exchange rate the seller
 * confirmed moved beyond the tolerance since; `rate_required`: no rate was confirmed (the two
 * 409s of a converted release, after which the page reads the figures again to confirm).
 */
export const errorCodes = ['rate_moved', 'rate_required'] as const;
export type ErrorCode = (typeof errorCodes)[number];

/**
 * The few typed errors the product raises, each a refusal a person may read. The runtime maps
 * them (runtime/api-function.ts: status and `{ "error": message }`, with `code` when the refusal
 * has one; runtime/trigger-function.ts: Cognito's message); anything else is internal and never
 * reaches a person.
 */
export abstract class AppError extends Error {
  abstract readonly statusCode: number;
  /** Which refusal this is, for a client that acts on it (`errorCodes`); most have none. */
  readonly code: ErrorCode | undefined;
  constructor(message: string, options: { code?: ErrorCode } = {}) {
    super(message);
    this.name = new.target.name;
    this.code = options.code;
  }
}

/** The base of a refusal answered with one HTTP status. */
function refusal(statusCode: number) {
  abstract class Refusal extends AppError {
    readonly statusCode = statusCode;
  }
  return Refusal;
}

/** Bad input: the request can never succeed as sent. */
export class ValidationError extends refusal(400) {}

/**
 * The caller is not signed in (on a signed-in route, 401 means only "your session is over": the
 * web signs the person out), or a credential of a public step is wrong (the password reset's
 * answer, a webhook's signature), where there is no session to end.
 */
export class UnauthorizedError extends refusal(401) {}

/**
 * Signed in, but a secret typed to confirm this one action is wrong (the payment PIN, the security
 * answer): the session stays, the refusal is shown where it was typed, and it counts toward the
 * action's lockout. 400, not 401 (the session is not over) nor 403 (the thing is the caller's).
 */
export class IncorrectSecretError extends refusal(400) {}

/** Signed in, but the thing is not theirs. */
export class ForbiddenError extends refusal(403) {}

export class NotFoundError extends refusal(404) {}

/** The item is not in a state that allows the change (or changed under us). */
export class ConflictError extends refusal(409) {}

export class ThrottledError extends refusal(429) {}

/** A service we depend on (the payment provider) cannot answer now; the same request may pass later. */
export class UnavailableError extends refusal(503) {}

/** What was sent is well-formed but its content is refused (an evidence file whose bytes are not its declared type). */
export class UnprocessableError extends refusal(422) {}
