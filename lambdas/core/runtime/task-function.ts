import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy, { type MiddlewareObj } from '@middy/core';
import type { Context } from 'aws-lambda';
import { logger } from '../adapters/logger';
import { AppError, ValidationError } from '../domain/errors';
import * as z from '../domain/zod';

/**
 * A task of the escrow state machine failed for a reason of the product's (a refusal by the
 * domain): the workflow's Catch can match it by `name` ('ConflictError', 'NotFoundError', ...),
 * while an unexpected failure keeps its own name and is retried as the state machine says.
 */
export function logTaskErrors<E, R>(): MiddlewareObj<E, R> {
  return {
    onError: async (request) => {
      if (request.error instanceof AppError) logger.warn('Task refused', { error: request.error });
      else logger.error('Task failed', { error: request.error as Error });
    },
  };
}

/**
 * The wrapper of every Step Functions task handler: the logger with the invocation's context
 * (each task logs the contract id it works on), and failures logged before the state machine sees
 * them. A task's result is its return value; a thrown error fails the task with the error's name.
 */
export function taskFunction<E, R>() {
  return middy<E, R, Error, Context>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(logTaskErrors<E, R>());
}

/** Validates a task's input at the edge; a malformed one fails the task as a ValidationError (no retry helps it). */
export function parseTaskInput<S extends z.core.$ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = z.safeParse(schema, value);
  if (!result.success) throw new ValidationError(`Invalid task input: ${result.error.issues[0]?.message ?? 'unknown'}`);
  return result.data;
}
