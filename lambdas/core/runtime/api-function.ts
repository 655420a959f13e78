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
import type { Endpoint } from '../api/endpoints/endpoint';
import { AppError, type ErrorCode, UnauthorizedError, ValidationError } from '../domain/errors';
import * as z from '../domain/zod';
import { liveSession } from './session';

export type ApiEvent = APIGatewayProxyEventV2 | APIGatewayProxyEventV2WithJWTAuthorizer;
export type ApiResult = APIGatewayProxyStructuredResultV2;

/** Status, message and code for any thrown value: a refusal's own, or a 500 whose details never leave the server. */
export function errorResponse(error: unknown): { statusCode: number; message: string; code?: ErrorCode } {
  if (error instanceof AppError)
    return { statusCode: error.statusCode, message: error.message, ...(error.code ? { code: error.code } : {}) };
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

/** Turns any thrown value into `{ "error": message }` (and its `code`, if any) with its status; logs the unexpected ones. */
export function httpErrors(): MiddlewareObj<ApiEvent, ApiResult> {
  return {
    onError: async (request) => {
      const { statusCode, message, code } = errorResponse(request.error);
      if (!(request.error instanceof AppError)) logger.error('Unhandled error', { error: request.error as Error });
      request.response = json(statusCode, code ? { error: message, code } : { error: message });
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
 * A route's function is made with {@link endpointFunction}, which adds `jsonBody()` when it takes a body.
 */
export function apiFunction(options: { timeoutEarlyInMillis?: number } = {}) {
  return middy<ApiEvent, ApiResult, Error, Context>({ timeoutEarlyInMillis: options.timeoutEarlyInMillis ?? 5 })
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(httpErrors())
    .use(liveSession());
}

/**
 * What an endpoint's handler is given, each part already checked by the endpoint's own schemas:
 * the signed-in caller on a protected endpoint, the path's params, the JSON body; and the event,
 * for what no schema covers (headers, the source address).
 */
export interface EndpointRequest<E extends Endpoint> {
  event: ApiEvent;
  caller: E['auth'] extends 'protected' ? Caller : undefined;
  params: E extends { readonly params: infer P extends z.ZodMiniType } ? z.infer<P> : undefined;
  body: E extends { readonly request: infer R extends z.ZodMiniType } ? z.infer<R> : undefined;
}

/** A route's function, carrying the endpoint it answers (test/unit/api-docs.test.ts holds each to its own). */
export type EndpointFunction<E extends Endpoint> = ReturnType<typeof apiFunction> & { readonly endpoint: E };

/**
 * How an endpoint's function answers and reads: the `status` of a success (200 unless said), and
 * `body: jsonBody` to parse the body as JSON, required on an endpoint with a request schema. The
 * parser is named here, not chosen from the endpoint at run time, so the functions without a body
 * leave it out of their bundles (about 3 KiB).
 */
export interface EndpointOptions {
  status?: 200 | 201;
  body?: typeof jsonBody;
}
type OptionsOf<E extends Endpoint> = E extends { readonly request: z.ZodMiniType }
  ? [options: EndpointOptions & { body: typeof jsonBody }]
  : [options?: EndpointOptions];

/**
 * The function of one endpoint (lambdas/core/api/endpoints/): its path params and body are parsed
 * with the endpoint's schemas and nothing else, a failure being the 400 of {@link parseInput}, and
 * what the handler answers is the endpoint's reply, typed by the schema the web app parses it with.
 * The caller is read first, then the params, then the body. The provider's webhook parses a JSON
 * body with no schema of ours: its signature checks it.
 */
export function endpointFunction<E extends Endpoint>(
  endpoint: E,
  // NoInfer: the endpoint alone fixes E, so the handler's literals ('ok', true) are checked against its reply, not widened.
  handle: NoInfer<(request: EndpointRequest<E>) => Promise<z.input<E['response']>>>,
  ...[options = {}]: NoInfer<OptionsOf<E>>
): EndpointFunction<E> {
  const base = apiFunction();
  const handler = (options.body ? base.use(options.body()) : base).handler(async (event) => {
    const caller = endpoint.auth === 'protected' ? callerOf(event) : undefined;
    const params = endpoint.params ? parseInput(endpoint.params, event.pathParameters) : undefined;
    const body = endpoint.request ? parseInput(endpoint.request, event.body) : undefined;
    const reply = await handle({ event, caller, params, body } as EndpointRequest<E>);
    return json(options.status ?? 200, reply);
  });
  return Object.assign(handler, { endpoint });
}
