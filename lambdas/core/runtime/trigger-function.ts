import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy, { type MiddlewareObj } from '@middy/core';
import type { Context } from 'aws-lambda';
import { logger } from '../adapters/logger';
import { AppError } from '../domain/errors';

/** What Cognito shows a person when a trigger failed for a reason that is not theirs to read. */
export const triggerFailedMessage = 'Something went wrong. Please try again.';

/**
 * Cognito hands a trigger's error message to the client ("<Trigger> failed with error <message>.").
 * A refusal meant for the person (an AppError, e.g. 'Maximum device limit reached.') passes
 * through; anything else is logged and replaced by a generic message, so no internals leak.
 */
export function hideInternalErrors<E>(): MiddlewareObj<E, E> {
  return {
    onError: async (request) => {
      if (request.error instanceof AppError) return;
      logger.error('Trigger failed', { error: request.error as Error });
      request.error = new Error(triggerFailedMessage);
    },
  };
}

/**
 * The wrapper of every Cognito trigger: the logger with the invocation's context, and errors
 * shown the way {@link hideInternalErrors} says. The handler returns the event it was given.
 */
export function triggerFunction<E extends object>() {
  return middy<E, E, Error, Context>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(hideInternalErrors<E>());
}
