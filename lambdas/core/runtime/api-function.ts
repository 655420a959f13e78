import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy, { type MiddlewareObj } from '@middy/core';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import type {
  APIGatewayProxyEventV2,
  APIGatewayProxyEventV2WithJWTAuthorizer,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
import { logger } from '../adapters/logger';
import { internalErrorMessage, invalidRequestMessage } from '../api/common';
import { AppError, UnauthorizedError, ValidationError } from '../domain/errors';
import * as z from '../domain/zod';
import { liveSession } from './session';

export type ApiEvent = APIGatewayProxyEventV2 | APIGatewayProxyEventV2WithJWTAuthorizer;
export type ApiResult = APIGatewayProxyStructuredResultV2;

/** Status and message for any thrown value: a refusal's own, or a 500 whose details never leave the server. */
export function errorResponse(error: unknown): { statusCode: number; message: string } {
  if (error instanceof AppError) return { statusCode: error.statusCode, message: error.message };
  return { statusCode: 500, message: internalErrorMessage };
}

/** A JSON reply. Every reply of the API is JSON, errors included. */
export function json(statusCode: number, body: unknown): ApiResult {
  return {
    statusCode,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
    body: JSON.stringify(body),
  };
}

/**
 * A JSON reply typed by the API schema the web app parses it with (lambdas/core/api), so the
 * two ends cannot drift; no runtime cost.
 */
export function respond<S extends z.core.$ZodType>(schema: S, body: z.input<S>, statusCode = 200): ApiResult {
  void schema;
  return json(statusCode, body);
}

/** Turns any thrown value into `{ "error": message }` with its status; logs the unexpected ones. */
export function httpErrors(): MiddlewareObj<ApiEvent, ApiResult> {
  return {
    onError: async (request) => {
      const { statusCode, message } = errorResponse(request.error);
      if (!(request.error instanceof AppError)) logger.error('Unhandled error', { error: request.error as Error });
      request.response = json(statusCode, { error: message });
    },
  };
}

/**
 * JSON body parsing with middy's parser; its "malformed JSON" and "wrong media type" failures
 * (both 415 there) become our 400/415 with a readable message.
 */
export function jsonBody(): MiddlewareObj<ApiEvent, ApiResult> {
  const parser = httpJsonBodyParser();
  return {
    before: async (request) => {
      try {
        await parser.before?.(request as never);
      } catch (error) {
        const message = (error as Error).message;
        if (message === 'Unsupported Media Type') throw new UnsupportedMediaTypeError('Content-Type must be application/json.');
        throw new ValidationError('Request body must be valid JSON.');
      }
    },
  };
}

export class UnsupportedMediaTypeError extends AppError {
  readonly statusCode = 415;
}

/**
 * Validates a value at the edge; the first problem becomes a 400 whose `error` is its message
 * alone, shown to the person as it is (spec §8): the schema's own words, or
 * {@link invalidRequestMessage} where the schema has none (the parse-level map ranks below every
 * message a schema sets). The field is logged instead, for whoever debugs the refusal.
 */
export function parseInput<S extends z.core.$ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = z.safeParse(schema, value ?? {}, { error: () => invalidRequestMessage });
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  logger.info('Request refused by validation', { field: issue?.path.join('.'), code: issue?.code });
  throw new ValidationError(issue?.message ?? invalidRequestMessage);
}

/** The signed-in caller, from the claims the JWT authorizer verified. */
export interface Caller {
  sub: string;
  email?: string;
}

const claimsSchema = z.object({ sub: z.string().check(z.minLength(1)), email: z.optional(z.string()) });

export function callerOf(event: ApiEvent): Caller {
  const claims = 'authorizer' in event.requestContext ? event.requestContext.authorizer?.jwt?.claims : undefined;
  const parsed = claimsSchema.safeParse(claims);
  if (!parsed.success) throw new UnauthorizedError('Unauthorized');
  return parsed.data;
}

/**
 * The middleware every API function starts with: request id in the logs, errors as JSON, and on
 * protected routes the check that the token's session is still live (runtime/session.ts).
 * Handlers add `jsonBody()` when they take a body.
 */
export function apiFunction(options: { timeoutEarlyInMillis?: number } = {}) {
  return middy<ApiEvent, ApiResult, Error, Context>({ timeoutEarlyInMillis: options.timeoutEarlyInMillis ?? 5 })
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(httpErrors())
    .use(liveSession());
}
