import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConflictError, ForbiddenError, NotFoundError, ThrottledError } from '../../lambdas/core/domain/errors';
import { apiFunction, callerOf, json, jsonBody, parseInput } from '../../lambdas/core/runtime/api-function';
import { lambdaContext } from '../../lib/local/lambda-context';

const schema = z.object({ title: z.string().min(1), value: z.number().positive() });

const echo = apiFunction({ timeoutEarlyInMillis: 0 })
  .use(jsonBody())
  .handler(async (event) => json(200, parseInput(schema, event.body)));

function event(body: string | undefined, headers: Record<string, string> = { 'content-type': 'application/json' }) {
  return { headers, body, requestContext: { http: { method: 'POST' } } } as unknown as APIGatewayProxyEventV2;
}

async function invoke(handler: typeof echo, e: APIGatewayProxyEventV2) {
  const result = await handler(e, lambdaContext('test') as Context);
  return { statusCode: result.statusCode, body: JSON.parse(result.body ?? 'null') };
}

describe('the API middleware', () => {
  it('passes a valid JSON body through validation', async () => {
    expect(await invoke(echo, event('{"title":"Logo design","value":5}'))).toEqual({
      statusCode: 200,
      body: { title: 'Logo design', value: 5 },
    });
  });

  it('answers malformed JSON with 400 and an error message', async () => {
    expect(await invoke(echo, event('{"title":'))).toEqual({
      statusCode: 400,
      body: { error: 'Request body must be valid JSON.' },
    });
  });

  it('answers a non-JSON content type with 415', async () => {
    const result = await invoke(echo, event('title=x', { 'content-type': 'application/x-www-form-urlencoded' }));
    expect(result).toEqual({ statusCode: 415, body: { error: 'Content-Type must be application/json.' } });
  });

  it('answers input that fails validation with 400 naming the field', async () => {
    const result = await invoke(echo, event('{"title":"x","value":-3}'));
    expect(result.statusCode).toBe(400);
    expect(result.body.error).toMatch(/^value: /);
  });

  it.each([
    [new ForbiddenError('Access Denied: You are not the creator of this contract.'), 403],
    [new NotFoundError('Contract not found.'), 404],
    [new ConflictError('This contract is currently "completed" and cannot be accepted.'), 409],
    [new ThrottledError('Too many attempts.'), 429],
  ])('maps %s to its status with the message as error', async (error, status) => {
    const failing = apiFunction({ timeoutEarlyInMillis: 0 }).handler(async () => {
      throw error;
    });
    expect(await invoke(failing, event(undefined))).toEqual({ statusCode: status, body: { error: error.message } });
  });

  it('hides the details of an unexpected failure behind a generic 500', async () => {
    const failing = apiFunction({ timeoutEarlyInMillis: 0 }).handler(async () => {
      throw new Error('ECONNREFUSED 10.0.0.7:8000 table escrow-prod');
    });
    expect(await invoke(failing, event(undefined))).toEqual({ statusCode: 500, body: { error: 'An unexpected error occurred' } });
  });
});

describe('callerOf', () => {
  it('reads the caller from the JWT authorizer claims', () => {
    const e = { requestContext: { authorizer: { jwt: { claims: { sub: 'abc', email: 'a@b.co' }, scopes: null } } } };
    expect(callerOf(e as never)).toEqual({ sub: 'abc', email: 'a@b.co' });
  });

  it('refuses a request without verified claims (401)', () => {
    expect(() => callerOf({ requestContext: {} } as never)).toThrow(expect.objectContaining({ statusCode: 401 }));
  });
});
