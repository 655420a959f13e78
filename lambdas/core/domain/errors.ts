/**
 * The few typed errors a handler throws. `httpErrors()` (core/http.ts) turns them into a status and
 * `{ "error": message }`; anything else is a 500 with a generic message so internals never leak.
 */
export abstract class AppError extends Error {
  abstract readonly statusCode: number;
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** Bad input: the request can never succeed as sent. */
export class ValidationError extends AppError {
  readonly statusCode = 400;
}

/** The caller is not signed in, or a credential/answer is wrong. */
export class UnauthorizedError extends AppError {
  readonly statusCode = 401;
}

/** Signed in, but the thing is not theirs. */
export class ForbiddenError extends AppError {
  readonly statusCode = 403;
}

export class NotFoundError extends AppError {
  readonly statusCode = 404;
}

/** The item is not in a state that allows the change (or changed under us). */
export class ConflictError extends AppError {
  readonly statusCode = 409;
}

export class ThrottledError extends AppError {
  readonly statusCode = 429;
}

export const internalErrorMessage = 'An unexpected error occurred';

/** Status and body for any thrown value; only AppError messages reach the client. */
export function errorResponse(error: unknown): { statusCode: number; message: string } {
  if (error instanceof AppError) return { statusCode: error.statusCode, message: error.message };
  return { statusCode: 500, message: internalErrorMessage };
}
